/** A room's calendar colour as a small round mark. */
export function RoomDot({ color, size = 12 }: { color: string | null | undefined; size?: number }) {
  if (!color) return null;
  return <span className="room-dot" style={{ width: size, height: size, background: color }} aria-hidden />;
}
