/** The header's notification bell (unread count, latest items); filled in with the notifications work. */
export function NotificationsBell({ unread: _unread }: { unread: number }) {
  return null;
}
