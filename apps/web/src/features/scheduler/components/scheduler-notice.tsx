import { Card, Result } from 'antd';
import type { ReactNode } from 'react';

/** The calendar's rare states (no access, no branch, settings failed) in antd's Result, its own chunk (issue 18). */
export default function SchedulerNotice(props: { status: 'info' | 'warning'; title: ReactNode; subTitle?: ReactNode }) {
  return (
    <Card>
      <Result {...props} />
    </Card>
  );
}
