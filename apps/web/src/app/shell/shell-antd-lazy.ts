import { lazy } from 'react';

const load = () => import('./shell-antd');
export const ShellAlert = lazy(() => load().then((m) => ({ default: m.ShellAlert })));
export const ShellSpin = lazy(() => load().then((m) => ({ default: m.ShellSpin })));
