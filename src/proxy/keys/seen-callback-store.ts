// The callback signatures this proxy has believed, kept until their 5-minute window is over, so
// that a recorded callback sent again within it is refused, also after a restart. The domain sees
// only this interface; seen-callback-sqlite.ts is the Node implementation.

export interface SeenCallbackStore {
  /**
   * Records `signature` until `expiresAt` (epoch ms); false when it is recorded already. Forgets
   * those whose time is over, so the store holds at most one window's worth.
   */
  remember(signature: string, expiresAt: number, now: number): Promise<boolean>;
}
