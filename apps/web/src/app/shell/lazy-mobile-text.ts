import { lazyWhenOnline } from '../offline-ready';

/**
 * MobileText (a stored mobile in the clinic's national format) for the shell: the palette's patients, the time-zone
 * block's user. Its chunk carries libphonenumber's metadata, so it is fetched when first needed, not with every
 * signed-in page (render it inside a Suspense).
 */
export const loadMobileText = () => import('../../features/patients/mobile').then((m) => ({ default: m.MobileText }));
export const LazyMobileText = lazyWhenOnline(loadMobileText);
