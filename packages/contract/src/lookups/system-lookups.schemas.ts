import { requiredEnum } from '../common/schemas.js';
import { z } from 'zod';
import { SYSTEM_LOOKUP_GROUPS } from './system-lookups.js';

export const systemLookupGroup = requiredEnum(SYSTEM_LOOKUP_GROUPS);
export const getLookupsInput = z.object({ groupName: systemLookupGroup });
export const systemLookupItem = z.object({
  code: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  nameFr: z.string(),
});
export const systemLookupsOutput = z.object({ items: z.array(systemLookupItem) });

export type SystemLookupItem = z.infer<typeof systemLookupItem>;
