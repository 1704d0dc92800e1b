/** The browser Notification API, absent in some browsers (and in embedded web views). */

export type NotifyPermission = NotificationPermission | 'unsupported';

export function notifyPermission(): NotifyPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks for permission; call it only from a click (browsers ignore or block other requests). */
export async function requestNotifyPermission(): Promise<NotifyPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/** Shows a system notification when permission was granted; does nothing otherwise. */
export function notify(title: string, body: string): void {
  if (notifyPermission() !== 'granted') return;
  try {
    new Notification(title, { body, tag: 'waiting-room-turn' });
  } catch {
    // Some mobile browsers allow notifications only from a service worker: the toast is enough there.
  }
}
