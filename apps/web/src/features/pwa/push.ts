/**
 * Web Push on this device: permission (only ever asked from a button), subscription with the
 * server's VAPID key, registration with the API, and the way back (unsubscribe + DELETE).
 */
import type { PushSubscriptionBody } from "@fre/shared";
import { api } from "../../lib/api-client";
import { isIos, isStandalone } from "./install-prompt";
import {
  existingRegistration,
  registerServiceWorker,
  serviceWorkerSupported,
} from "./sw-registration";

export type PushState =
  /** No service worker / Push API here (old browser, dev build). */
  | "unsupported"
  /** iOS Safari: push needs the app added to the home screen first. */
  | "ios-install"
  | "denied"
  | "off"
  | "on";

export function pushSupported(): boolean {
  return (
    serviceWorkerSupported() &&
    typeof window !== "undefined" &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** base64url (the server's key) → the bytes `applicationServerKey` wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await registerServiceWorker();
  if (!registration) throw new Error("No service worker");
  return navigator.serviceWorker.ready;
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return isIos() && !isStandalone() ? "ios-install" : "unsupported";
  if (Notification.permission === "denied") return "denied";
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === "granted" ? "on" : "off";
}

async function saveSubscription(subscription: PushSubscription): Promise<void> {
  // The browser's own JSON of it; the server checks every field.
  const body = subscription.toJSON() as PushSubscriptionBody;
  await api.call("POST /api/push/subscriptions", { body });
}

/** The server forgets this device for the signed-in user. */
async function forgetSubscription(subscription: PushSubscription): Promise<void> {
  await api.call("DELETE /api/push/subscriptions", { body: { endpoint: subscription.endpoint } });
}

/** Asks permission (from a click), subscribes and registers this device. */
export async function enablePush(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "off";
  const registration = await readyRegistration();
  const { publicKey } = await api.call("GET /api/push/vapid-public-key");
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (server keys replaced) cannot receive our pushes.
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  // The browser's push service may be unreachable (blocked network): fail instead of hanging.
  subscription ??= await withTimeout(
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    SUBSCRIBE_TIMEOUT_MS,
  );
  await saveSubscription(subscription);
  return "on";
}

/** Stops push on this device: forgets it on the server, then unsubscribes. */
export async function disablePush(): Promise<PushState> {
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await forgetSubscription(subscription);
    await subscription.unsubscribe();
  }
  return "off";
}

/**
 * Before sign-out: the server forgets this device for the leaving user, so their
 * notifications stop here. The browser keeps its subscription; whoever signs in next gets it
 * registered again by `resyncPush`.
 */
export async function forgetDeviceForSignOut(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await forgetSubscription(subscription);
}

/**
 * On start, re-registers an existing subscription for whoever is signed in now (the server
 * stores it per user; it may have been made under another account or pruned).
 */
export async function resyncPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== "granted") return;
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await saveSubscription(subscription);
}

const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("Push subscription timed out")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
