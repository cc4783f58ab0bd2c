import { Typography } from 'antd';

/** Title and short explanation at the top of an authentication card. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="auth-heading" style={{ marginBottom: 20, textAlign: 'center' }}>
      <Typography.Title level={4} style={{ marginBottom: 4 }}>
        {title}
      </Typography.Title>
      {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
    </div>
  );
}
