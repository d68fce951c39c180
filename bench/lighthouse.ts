import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../test/chromium.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

export interface LighthouseFigures {
  performance: number;
  "LCP ms": number;
  "TBT ms": number;
  CLS: number;
  accessibility: number;
  "best practices": number;
  seo: number;
  /** Lighthouse's measure of this machine's CPU (its simulated phone is 4x slower than the machine, whatever it is). */
  "CPU index": number;
}

export interface LighthousePage {
  figures: LighthouseFigures;
  /** Scored audits below 0.9, worst first: what to fix next. */
  failing: string[];
}

/** Runs per page; the one with the median performance score is reported (scores vary with CPU load). */
const RUNS = 3;

/**
 * Lighthouse's 4x CPU slowdown turns a high-end desktop (benchmark index 1500 to 2000) into its mid-tier phone;
 * its throttling guide (docs/throttling.md, "Calibrating the CPU slowdown") says to lower the multiplier on a
 * weaker host (2x for 1000 to 1500) and to raise it on a stronger one. This is that rule as a line through the
 * middle of its high-end bracket: the multiplier that makes this machine that same phone.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  return Math.max(1, Math.round((benchmarkIndex / 437.5) * 10) / 10);
}

function figuresOf(lhr: Result): LighthousePage {
  const { categories, audits } = lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map((audit) => `${audit.id} (${audit.score})${audit.displayValue ? `: ${audit.displayValue}` : ""}`);
  return {
    figures: {
      performance: score("performance"),
      "LCP ms": Math.round(metric("largest-contentful-paint")),
      "TBT ms": Math.round(metric("total-blocking-time")),
      CLS: Number(metric("cumulative-layout-shift").toFixed(3)),
      accessibility: score("accessibility"),
      "best practices": score("best-practices"),
      seo: score("seo"),
      "CPU index": Math.round(lhr.environment.benchmarkIndex),
    },
    failing,
  };
}

/**
 * One Lighthouse run in a fresh headless Chromium (a reused browser sometimes fails to record the trace,
 * NO_NAVSTART); such a failed run is repeated once.
 */
async function lighthouseRun(url: string, cpuSlowdownMultiplier?: number, retries = 1): Promise<Result> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      formFactor: "mobile",
      onlyCategories: CATEGORIES,
      ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
      logLevel: "error",
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (retries === 0) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  } finally {
    chrome.kill();
  }
  return lighthouseRun(url, cpuSlowdownMultiplier, retries - 1);
}

/**
 * Lighthouse's mobile run (Moto G Power screen, simulated slow 4G) of each URL, with its default 4x CPU slowdown
 * or the one given.
 */
export async function runLighthouse(
  urls: string[],
  cpuSlowdownMultiplier?: number,
): Promise<Record<string, LighthousePage | { error: string }>> {
  const pages: Record<string, LighthousePage | { error: string }> = {};
  for (const url of urls) {
    const path = new URL(url).pathname;
    try {
      const runs: LighthousePage[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(figuresOf(await lighthouseRun(url, cpuSlowdownMultiplier)));
      const [median] = runs.sort((a, b) => a.figures.performance - b.figures.performance).slice(RUNS >> 1);
      if (median) pages[path] = median;
    } catch (error) {
      // One broken page (e.g. a 500) is reported, and the other pages still get their figures.
      pages[path] = { error: error instanceof Error ? error.message : String(error) };
    }
  }
  return pages;
}

/** What the repeat visit asks of the page's `navigator.serviceWorker`. */
interface PageWithWorkers {
  navigator: {
    serviceWorker: {
      controller: { state: string } | null;
      getRegistrations(): Promise<Array<{ unregister(): Promise<boolean> }>>;
    };
  };
}

/**
 * A repeat visit: the page loaded once in the same browser (its HTTP cache, and the service worker installed with
 * its precache), then measured by Lighthouse without clearing storage. `worker: false` unregisters the worker
 * before the measured load, so both runs differ only by it. Devtools throttling (real, not simulated), as
 * Lighthouse's simulation models a cold network and cannot see what a worker answers from its cache.
 */
async function repeatVisitRun(url: string, worker: boolean): Promise<Result> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS] });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await required(browser.contexts()[0]).newPage();
    await page.goto(url);
    // Run in the page: the bench is checked without the DOM's types, hence the page's worker container spelled out.
    await page.waitForFunction(
      () => (globalThis as unknown as PageWithWorkers).navigator.serviceWorker.controller?.state === "activated",
      undefined,
      { timeout: 60_000 },
    );
    if (!worker) {
      await page.evaluate(async () => {
        const container = (globalThis as unknown as PageWithWorkers).navigator.serviceWorker;
        for (const registration of await container.getRegistrations()) await registration.unregister();
      });
    }
    await page.close();
    const result = await lighthouse(url, {
      port: chrome.port,
      formFactor: "mobile",
      onlyCategories: ["performance"],
      disableStorageReset: true,
      throttlingMethod: "devtools",
      logLevel: "error",
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await browser.close();
    chrome.kill();
  }
}

type LoadFigures = Pick<LighthouseFigures, "performance" | "LCP ms" | "TBT ms" | "CLS" | "CPU index">;

/** A repeat visit's load of `url` with the service worker and without it, median of 3 runs each. */
export async function repeatVisits(url: string): Promise<Record<string, LoadFigures>> {
  const rows: Record<string, LoadFigures> = {};
  for (const worker of [true, false]) {
    const runs: LighthousePage[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(figuresOf(await repeatVisitRun(url, worker)));
    const [median] = runs.sort((a, b) => a.figures.performance - b.figures.performance).slice(RUNS >> 1);
    if (median) {
      const { performance, "LCP ms": lcp, "TBT ms": tbt, CLS, "CPU index": cpu } = median.figures;
      rows[worker ? "with the service worker" : "without it"] = {
        performance,
        "LCP ms": lcp,
        "TBT ms": tbt,
        CLS,
        "CPU index": cpu,
      };
    }
  }
  return rows;
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("Chromium opened without a browser context");
  return value;
}
