import { lazy } from 'react';

/**
 * antd's providers, loaded only where an antd component shows (issue 18): the login and password pages are plain
 * elements (components/plain-form), so the first load of the login page needs no antd at all. Layouts and pages that
 * need them start this load with their own code (router.tsx), so it adds no round trip.
 */
export const loadAntdProviders = () => import('./antd-providers');

export const AntdApp = lazy(() => loadAntdProviders().then((m) => ({ default: m.AntdApp })));
export const AntdConfig = lazy(() => loadAntdProviders().then((m) => ({ default: m.AntdConfig })));
