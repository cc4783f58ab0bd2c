import { Alert, Spin } from 'antd';
import type { ComponentProps } from 'react';
import { AntdConfig } from '../antd-providers';

/**
 * The shell's antd pieces (banners, the navigation spinner), their own chunk: the shell shows them also over pages
 * without antd (the login page, issue 18), so they bring antd's theme with them.
 */
export function ShellAlert(props: ComponentProps<typeof Alert>) {
  return (
    <AntdConfig>
      <Alert {...props} />
    </AntdConfig>
  );
}

export function ShellSpin(props: ComponentProps<typeof Spin>) {
  return (
    <AntdConfig>
      <Spin {...props} />
    </AntdConfig>
  );
}
