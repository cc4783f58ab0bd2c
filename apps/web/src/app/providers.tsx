import type { ReactNode } from 'react';
import { AntdApp } from './antd-providers';
import { BaseProviders } from './base-providers';

/**
 * Every provider at once, antd's included: for a component rendered on its own (unit tests). The app itself starts
 * with BaseProviders (main.tsx) and gets antd's with the pages that use antd (app/antd-scope.tsx, issue 18).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BaseProviders>
      <AntdApp>{children}</AntdApp>
    </BaseProviders>
  );
}
