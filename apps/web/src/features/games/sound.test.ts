import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type SoundModule = typeof import("./sound");

/** A fresh module each time: its preference and AudioContext are module state. */
const loadSound = async (): Promise<SoundModule> => {
  vi.resetModules();
  return import("./sound");
};

let stored: Map<string, string>;

function stubStorage() {
  stored = new Map();
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  });
}

/** Counts what the sound module asks of the Web Audio API. */
class FakeAudioContext {
  static created = 0;
  static oscillators: { type: string; frequency: number; started: number; stopped: number }[] = [];
  static connectedToOutput = 0;
  state = "running";
  currentTime = 5;
  destination = { output: true };

  constructor() {
    FakeAudioContext.created += 1;
  }

  private param(onSet?: (value: number) => void) {
    return {
      setValueAtTime: (value: number) => onSet?.(value),
      exponentialRampToValueAtTime: vi.fn(),
      linearRampToValueAtTime: vi.fn(),
    };
  }

  createOscillator() {
    const record = { type: "", frequency: 0, started: -1, stopped: -1 };
    FakeAudioContext.oscillators.push(record);
    return {
      set type(value: string) {
        record.type = value;
      },
      frequency: this.param((value) => {
        record.frequency = value;
      }),
      connect: vi.fn(),
      start: (at: number) => {
        record.started = at;
      },
      stop: (at: number) => {
        record.stopped = at;
      },
    };
  }

  createGain() {
    return {
      gain: this.param(),
      connect: (target: unknown) => {
        if (target === this.destination) FakeAudioContext.connectedToOutput += 1;
      },
    };
  }

  resume() {
    return Promise.resolve();
  }
}

beforeEach(() => {
  stubStorage();
  FakeAudioContext.created = 0;
  FakeAudioContext.oscillators = [];
  FakeAudioContext.connectedToOutput = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("game sound preference", () => {
  it("is off by default", async () => {
    const sound = await loadSound();
    expect(sound.isSoundEnabled()).toBe(false);
  });

  it("keeps the choice on the device across page loads", async () => {
    const first = await loadSound();
    first.setSoundEnabled(true);
    expect(stored.get(first.SOUND_STORAGE_KEY)).toBe("on");
    expect((await loadSound()).isSoundEnabled()).toBe(true);

    const second = await loadSound();
    second.setSoundEnabled(false);
    expect(stored.get(second.SOUND_STORAGE_KEY)).toBe("off");
    expect((await loadSound()).isSoundEnabled()).toBe(false);
  });

  it("reads anything but 'on' as off", async () => {
    stored.set("fre.games.sound", "yes");
    expect((await loadSound()).isSoundEnabled()).toBe(false);
  });
});

describe("play", () => {
  it("creates no AudioContext and plays nothing while sound is off", async () => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    const sound = await loadSound();
    sound.play("win");
    sound.play("tick");
    expect(FakeAudioContext.created).toBe(0);
    expect(FakeAudioContext.oscillators).toHaveLength(0);
  });

  it("creates no AudioContext on load, even when sound was left on", async () => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    stored.set("fre.games.sound", "on");
    await loadSound();
    expect(FakeAudioContext.created).toBe(0);
  });

  it("schedules a two-note chime for a win, with one shared AudioContext", async () => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    stored.set("fre.games.sound", "on");
    const sound = await loadSound();
    sound.play("win");
    expect(FakeAudioContext.created).toBe(1);
    expect(FakeAudioContext.oscillators).toHaveLength(2);
    expect(FakeAudioContext.connectedToOutput).toBe(2);
    const [low, high] = FakeAudioContext.oscillators;
    // Two distinct notes, the second after the first, each stopped after it starts.
    expect(high?.frequency).toBeGreaterThan(low?.frequency ?? Infinity);
    expect(high?.started).toBeGreaterThan(low?.started ?? Infinity);
    for (const oscillator of FakeAudioContext.oscillators) {
      expect(oscillator.started).toBeGreaterThanOrEqual(5);
      expect(oscillator.stopped).toBeGreaterThan(oscillator.started);
      expect(oscillator.stopped - oscillator.started).toBeLessThan(1);
    }

    sound.play("jackpot");
    sound.play("loss");
    sound.play("tick");
    expect(FakeAudioContext.created).toBe(1);
    expect(FakeAudioContext.oscillators).toHaveLength(
      2 + sound.notesOf("jackpot") + sound.notesOf("loss") + sound.notesOf("tick"),
    );
    expect(sound.notesOf("jackpot")).toBeGreaterThan(sound.notesOf("win"));
  });

  it("starts the AudioContext when the player turns sound on (the click is the gesture)", async () => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    const sound = await loadSound();
    sound.setSoundEnabled(true);
    expect(FakeAudioContext.created).toBe(1);
    expect(FakeAudioContext.oscillators).toHaveLength(0);
  });

  it("plays nothing while the page is hidden", async () => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    vi.stubGlobal("document", { visibilityState: "hidden" });
    stored.set("fre.games.sound", "on");
    const sound = await loadSound();
    sound.play("win");
    expect(FakeAudioContext.oscillators).toHaveLength(0);
  });

  it("does nothing, without throwing, where the browser has no Web Audio", async () => {
    vi.stubGlobal("AudioContext", undefined);
    vi.stubGlobal("webkitAudioContext", undefined);
    stored.set("fre.games.sound", "on");
    const sound = await loadSound();
    expect(() => sound.play("jackpot")).not.toThrow();
    expect(FakeAudioContext.created).toBe(0);
  });

  it("waits for a first user gesture before creating the AudioContext", async () => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    vi.stubGlobal("navigator", { userActivation: { hasBeenActive: false } });
    stored.set("fre.games.sound", "on");
    const sound = await loadSound();
    sound.play("tick");
    expect(FakeAudioContext.created).toBe(0);
  });
});

describe("outcome sounds", () => {
  const result = (payout: string, status: "open" | "settled" = "settled") => ({ payout, status });

  it("maps a settled play to win, loss or jackpot, and an open step to a tick", async () => {
    const sound = await loadSound();
    expect(sound.outcomeSound(result("12.5"))).toBe("win");
    expect(sound.outcomeSound(result("0"))).toBe("loss");
    expect(sound.outcomeSound(result("900"), true)).toBe("jackpot");
    expect(sound.stepSound(result("0", "open"))).toBe("tick");
    expect(sound.stepSound(result("0"))).toBe("loss");
    expect(sound.stepSound(result("3"))).toBe("win");
  });
});
