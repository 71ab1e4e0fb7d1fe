/**
 * The cart in the browser. A visitor's cart lives in local storage (the spec's
 * `selectedProducts`); once signed in, the cart lives on the server and the visitor's items are
 * merged into it once, then removed from the browser. Prices are never kept here: the server
 * prices the cart (`useQuote`).
 */
import type { Quote } from "@server/commerce/pricing";
import { useCallback, useEffect, useRef, useState } from "react";
import { CART_STORAGE_KEY, cartItems, QUANTITY_MAX, type CartItem } from "./commerce";
import { useApiClient } from "./api-client";
import { HttpError } from "./http-client";
import { useViewer } from "./viewer";

function readLocalCart(): CartItem[] {
  try {
    const parsed = cartItems.safeParse(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "[]"));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function writeLocalCart(items: CartItem[]) {
  try {
    if (items.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // private mode without storage: the cart lasts as long as the page
  }
  window.dispatchEvent(new Event("atelier:cart"));
}

export interface CartState {
  items: CartItem[];
  /** False until the cart is read (from storage or the server). */
  ready: boolean;
  signedIn: boolean;
  error: string | null;
  setQuantity(productId: string, quantity: number): Promise<void>;
  add(productId: string, quantity: number): Promise<void>;
  remove(productId: string): Promise<void>;
  clear(): Promise<void>;
}

export function useCart(): CartState {
  const signedIn = Boolean(useViewer());
  const api = useApiClient();
  const [items, setItems] = useState<CartItem[]>([]);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(items);
  latest.current = items;

  useEffect(() => {
    let stop = false;
    setReady(false);
    (async () => {
      if (!signedIn) {
        setItems(readLocalCart());
        setReady(true);
        return;
      }
      try {
        const visitor = readLocalCart();
        const answer = visitor.length
          ? await api.put<{ items: CartItem[] }>("/api/cart", { json: { items: visitor, merge: true } })
          : await api.get<{ items: CartItem[] }>("/api/cart");
        if (visitor.length) writeLocalCart([]);
        if (!stop) setItems(answer.items);
      } catch (e) {
        if (!stop) setError(e instanceof HttpError ? e.message : "Your cart could not be loaded.");
      } finally {
        if (!stop) setReady(true);
      }
    })();
    return () => {
      stop = true;
    };
  }, [signedIn, api]);

  // Another tab (or page component) changed the visitor's cart.
  useEffect(() => {
    if (signedIn) return;
    const reload = () => setItems(readLocalCart());
    window.addEventListener("atelier:cart", reload);
    window.addEventListener("storage", reload);
    return () => {
      window.removeEventListener("atelier:cart", reload);
      window.removeEventListener("storage", reload);
    };
  }, [signedIn]);

  const save = useCallback(
    async (next: CartItem[]) => {
      const parsed = cartItems.safeParse(next);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? "That cart is not possible.");
        return;
      }
      setError(null);
      setItems(parsed.data);
      if (!signedIn) {
        writeLocalCart(parsed.data);
        return;
      }
      try {
        const answer = await api.put<{ items: CartItem[] }>("/api/cart", { json: { items: parsed.data } });
        setItems(answer.items);
      } catch (e) {
        setError(e instanceof HttpError ? e.message : "Your cart could not be saved. Try again.");
      }
    },
    [signedIn, api],
  );

  return {
    items,
    ready,
    signedIn,
    error,
    setQuantity: (productId, quantity) =>
      save(
        latest.current.map((i) =>
          i.productId === productId ? { ...i, quantity: Math.max(1, Math.min(QUANTITY_MAX, quantity)) } : i,
        ),
      ),
    add: (productId, quantity) => save([...latest.current, { productId, quantity }]),
    remove: (productId) => save(latest.current.filter((i) => i.productId !== productId)),
    clear: () => save([]),
  };
}

export interface QuoteState {
  quote: Quote | null;
  loading: boolean;
  /** Why the cart could not be priced (a pack withdrawn…). */
  error: string | null;
}

/** The cart priced by the server, again whenever the cart or the code changes. */
export function useQuote(items: CartItem[], code: string, ready: boolean): QuoteState {
  const api = useApiClient();
  const [state, setState] = useState<QuoteState>({ quote: null, loading: true, error: null });
  const key = JSON.stringify([items, code]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the cart's content, not the array's identity (a new array of the same packs is not a new quote)
  useEffect(() => {
    if (!ready) return;
    if (items.length === 0) {
      setState({ quote: null, loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    api
      .post<{ quote: Quote }>("/api/cart/quote", { json: { items, code }, signal: controller.signal })
      .then(({ quote }) => setState({ quote, loading: false, error: null }))
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          quote: null,
          loading: false,
          error: e instanceof HttpError ? e.message : "Prices could not be loaded. Try again.",
        });
      });
    return () => controller.abort();
  }, [key, ready, api]);
  return state;
}
