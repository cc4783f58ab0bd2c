import { Space } from 'antd';

/**
 * A room's calendar colour as a small round mark. Its shape is inline, not only in scheduler.css, so it also shows
 * where the calendar's stylesheet is not loaded (the patient file's appointments tab).
 */
export function RoomDot({ color, size = 12 }: { color: string | null | undefined; size?: number }) {
  if (!color) return null;
  return (
    <span
      className="room-dot"
      style={{
        display: 'inline-block',
        borderRadius: '50%',
        flex: 'none',
        verticalAlign: 'middle',
        width: size,
        height: size,
        background: color,
      }}
      aria-hidden
    />
  );
}

type Room = { id: number; name: string; color: string };

/** A room's name after its colour mark. */
export function RoomLabel({ room }: { room: Pick<Room, 'name' | 'color'> }) {
  return (
    <Space size={6}>
      <RoomDot color={room.color} />
      {room.name}
    </Space>
  );
}

/** The rooms as select options, each labelled with its colour. */
export const roomOptions = (rooms: readonly Room[]) =>
  rooms.map((r) => ({ value: r.id, label: <RoomLabel room={r} /> }));
