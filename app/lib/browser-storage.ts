/**
 * The browser storage keys of spec §3. Atelier keeps identity in its HttpOnly session cookie,
 * not in these keys, but sign-out clears every one of them (spec §4) so nothing of a user
 * stays behind on a shared computer.
 */
export const USER_STORAGE_KEYS = [
  "user_uid",
  "uid",
  "email_user",
  "selectedProducts",
  "product-container",
  "previewImage",
  "nonce",
] as const;
/** Community artwork keys all start with this prefix. */
export const COMMUNITY_STORAGE_PREFIX = "community-artwork";

export function clearStoredUserData(storage: Storage = window.localStorage): void {
  try {
    for (const key of USER_STORAGE_KEYS) storage.removeItem(key);
    for (let i = storage.length - 1; i >= 0; i--) {
      const key = storage.key(i);
      if (key?.startsWith(COMMUNITY_STORAGE_PREFIX)) storage.removeItem(key);
    }
  } catch {
    // storage may be unavailable; signing out must still work
  }
}

/** Asks the server to delete the preview image named in storage (kept alive across the sign-out reload). */
export function deletePendingPreviewImage(storage: Storage = window.localStorage): void {
  try {
    const fileName = storage.getItem("previewImage");
    if (!fileName) return;
    void fetch("/api/delete-request-image", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ fileName }),
      keepalive: true,
    }).catch(() => {});
  } catch {
    // signing out must still work
  }
}
