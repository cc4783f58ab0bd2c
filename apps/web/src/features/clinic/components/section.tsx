import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A titled group of fields inside a settings tab. */
export function Section({ title, intro, children }: { title?: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="clinic-section" style={{ marginBlockEnd: 24 }}>
      {title && (
        <Typography.Title level={5} style={{ marginBlockStart: 0 }}>
          {title}
        </Typography.Title>
      )}
      {intro && (
        <Typography.Paragraph type="secondary" style={{ marginBlockStart: -4 }}>
          {intro}
        </Typography.Paragraph>
      )}
      {children}
    </section>
  );
}
