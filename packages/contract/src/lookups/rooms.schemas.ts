import { z } from 'zod';
import { hexColor, listInput, optionalId, requiredText } from '../common/schemas.js';

/** A treatment room of the clinic, shown in its colour on the calendar. */
export const roomItem = z.object({ id: z.number(), name: z.string(), color: z.string(), createdAt: z.string() });

export const ROOM_SORT_FIELDS = ['name', 'createdAt'] as const;
export const roomListInput = listInput(ROOM_SORT_FIELDS);

/** Creates a room when `id` is absent, else updates that room. Names are unique in the clinic, ignoring case. */
export const saveRoomInput = z.object({
  id: optionalId,
  name: requiredText(100),
  color: hexColor.toLowerCase(),
});

export type RoomItem = z.infer<typeof roomItem>;
export type RoomSortField = (typeof ROOM_SORT_FIELDS)[number];
export type RoomListInput = z.output<typeof roomListInput>;
export type SaveRoomInput = z.output<typeof saveRoomInput>;
