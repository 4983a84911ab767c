import type { GamePlay } from "@fre/shared";
import { useCallback, useSyncExternalStore } from "react";
import { readStored, writeStored } from "../../lib/storage";

/**
 * The games' sounds, synthesised with the Web Audio API (no audio file weighs on the bundle).
 * Off by default; the choice is kept on the device. The single AudioContext is created only
 * when a sound is first needed after a user gesture, never on load (autoplay policies).
 */
export type GameSound = "tick" | "win" | "loss" | "jackpot";

export const SOUND_STORAGE_KEY = "fre.games.sound";

type Note = {
  frequency: number;
  /** Seconds after the sound starts. */
  at: number;
  duration: number;
  peak: number;
  type: OscillatorType;
  /** Frequency reached at the end of the note (a falling tone), if it glides. */
  glideTo?: number;
};

const note = (
  frequency: number,
  at: number,
  duration: number,
  peak: number,
  type: OscillatorType,
) => ({ frequency, at, duration, peak, type }) satisfies Note;

const SOUNDS: Record<GameSound, readonly Note[]> = {
  tick: [note(1400, 0, 0.04, 0.04, "triangle")],
  // C6 then G6: a fifth reads as "good news".
  win: [note(1046.5, 0, 0.28, 0.09, "sine"), note(1568, 0.11, 0.36, 0.08, "sine")],
  loss: [{ ...note(220, 0, 0.26, 0.08, "triangle"), glideTo: 150 }],
  // C major arpeggio over two octaves, brighter (triangle) and longer.
  jackpot: [523.25, 659.25, 783.99, 1046.5, 1318.5, 1568].map((f, i) =>
    note(f, i * 0.08, i === 5 ? 0.6 : 0.26, 0.08, "triangle"),
  ),
};

/** How many oscillators a sound uses (for tests and to keep the sounds short). */
export const notesOf = (kind: GameSound) => SOUNDS[kind].length;

type AudioContextClass = new () => AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as {
    AudioContext?: AudioContextClass;
    webkitAudioContext?: AudioContextClass;
  };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

let enabled: boolean | null = null;
let context: AudioContext | null = null;
const listeners = new Set<() => void>();

export function isSoundEnabled(): boolean {
  enabled ??= readStored(SOUND_STORAGE_KEY) === "on";
  return enabled;
}

export function setSoundEnabled(next: boolean): void {
  enabled = next;
  writeStored(SOUND_STORAGE_KEY, next ? "on" : "off");
  for (const listener of listeners) listener();
  // Called from the toggle's click: the one moment some browsers (iOS) let audio start.
  if (next) audioContext();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SOUND_STORAGE_KEY) return;
    enabled = event.newValue === "on";
    listener();
  };
  // Another tab changed the choice.
  if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

const noGestureYet = () =>
  typeof navigator !== "undefined" && navigator.userActivation?.hasBeenActive === false;

function audioContext(): AudioContext | null {
  if (!context) {
    const AudioContextClass = audioContextClass();
    if (!AudioContextClass || noGestureYet()) return null;
    try {
      context = new AudioContextClass();
    } catch {
      return null;
    }
  }
  if (context.state === "suspended") context.resume().catch(() => undefined);
  return context;
}

const pageHidden = () => typeof document !== "undefined" && document.visibilityState === "hidden";

/** Plays a short synthesised sound, or nothing when sound is off, hidden or unsupported. */
export function play(kind: GameSound): void {
  if (!isSoundEnabled() || pageHidden()) return;
  const audio = audioContext();
  if (!audio) return;
  const start = audio.currentTime + 0.01;
  for (const { frequency, at, duration, peak, type, glideTo } of SOUNDS[kind]) {
    const t0 = start + at;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(frequency, t0);
    if (glideTo) oscillator.frequency.exponentialRampToValueAtTime(glideTo, t0 + duration);
    // A fast attack and an exponential decay: no click at either end.
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(peak, t0 + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + duration);
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.start(t0);
    oscillator.stop(t0 + duration + 0.02);
  }
}

/** The sound of a settled play: jackpot, win (any prize) or loss. */
export function outcomeSound(result: Pick<GamePlay, "payout">, jackpot = false): GameSound {
  if (jackpot) return "jackpot";
  return Number(result.payout) > 0 ? "win" : "loss";
}

/** A step of a round (towers, hi-lo): a tick while it goes on, then its outcome. */
export const stepSound = (result: Pick<GamePlay, "payout" | "status">): GameSound =>
  result.status === "open" ? "tick" : outcomeSound(result);

/** The sound preference, the same in every component (and tab) that reads it. */
export function useGameSound() {
  const on = useSyncExternalStore(subscribe, isSoundEnabled, () => false);
  const toggle = useCallback(() => setSoundEnabled(!isSoundEnabled()), []);
  return { enabled: on, toggle, play };
}
