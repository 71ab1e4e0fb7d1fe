/** The discount code entered in the cart, kept for this tab until the payment (not a secret: just what was typed). */
const KEY = "atelier:checkout-code";

export function readCheckoutCode(): string {
  try {
    return window.sessionStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

export function saveCheckoutCode(code: string): void {
  try {
    if (code) window.sessionStorage.setItem(KEY, code);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // storage unavailable: the code lasts as long as the page
  }
}
