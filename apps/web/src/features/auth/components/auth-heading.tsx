/** Title and short explanation at the top of an authentication card (styles.css, .auth-heading). */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="auth-heading">
      <h4>{title}</h4>
      {subtitle && <span className="auth-secondary">{subtitle}</span>}
    </div>
  );
}
