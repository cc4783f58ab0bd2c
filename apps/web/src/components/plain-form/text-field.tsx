import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import type { PlainField } from './use-plain-form';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'name' | 'type'>;

interface TextFieldProps extends InputProps {
  field: PlainField;
  label: string;
  /** Shown at the input's start, as antd's Input prefix. */
  icon?: ReactNode;
  type?: 'text' | 'email' | 'password';
  /** The show-password button's labels, for type="password". */
  toggleLabels?: { show: string; hide: string };
}

/**
 * A labelled text input with its error below, drawn like antd's large Input inside a vertical Form.Item
 * (styles.css, .pf-*), without antd (issue 18). The error is tied to the input (aria-invalid, aria-describedby).
 */
export function TextField({ field, label, icon, type = 'text', toggleLabels, ...input }: TextFieldProps) {
  // the field's name as its id, as antd's Form gives it (one form per page; the browser tests find fields by it)
  const id = field.name;
  const errorId = `${id}_help`;
  const [shown, setShown] = useState(false);
  const invalid = field.error !== undefined;
  return (
    <div className="pf-item">
      <label className="pf-label" htmlFor={id}>
        {label}
      </label>
      <span className={`pf-affix${invalid ? ' pf-invalid' : ''}${input.disabled ? ' pf-disabled' : ''}`}>
        {icon && (
          <span className="pf-prefix" aria-hidden>
            {icon}
          </span>
        )}
        <input
          {...input}
          ref={field.inputRef}
          id={id}
          name={field.name}
          type={type === 'password' && shown ? 'text' : type}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
        {type === 'password' && toggleLabels && (
          <button
            type="button"
            className="pf-eye"
            aria-label={shown ? toggleLabels.hide : toggleLabels.show}
            aria-pressed={shown}
            disabled={input.disabled}
            onClick={() => setShown(!shown)}
          >
            {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </button>
        )}
      </span>
      <div className="pf-explain" id={errorId}>
        {field.error}
      </div>
    </div>
  );
}
