import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import type { ActiveUser } from '@dental/contract';

/** The user's photo (photoJson holds its URL or a JSON object with `url`), else the initial. */
export function photoUrl(photoJson: string | null): string | undefined {
  if (!photoJson) return undefined;
  try {
    const parsed: unknown = JSON.parse(photoJson);
    if (typeof parsed === 'string') return parsed;
    if (parsed && typeof parsed === 'object') {
      const o = parsed as Record<string, unknown>;
      const url = o.thumbnailUrl ?? o.thumbUrl ?? o.url;
      return typeof url === 'string' ? url : undefined;
    }
  } catch {
    return /^(https?:\/\/|\/)/.test(photoJson) ? photoJson : undefined;
  }
  return undefined;
}

export function UserAvatar({
  user,
  size,
}: {
  user: Pick<ActiveUser, 'displayName' | 'photoJson'>;
  size?: number | 'small' | 'large';
}) {
  const src = photoUrl(user.photoJson);
  const initial = user.displayName?.trim().charAt(0);
  return (
    <Avatar size={size} src={src} icon={!src && !initial ? <UserOutlined /> : undefined} className="user-avatar">
      {!src ? initial : null}
    </Avatar>
  );
}
