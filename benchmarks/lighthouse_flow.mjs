// Lighthouse's mobile scores of a play page before dealing and mid-game, as one user flow:
//   node benchmarks/lighthouse_flow.mjs URL CHROMIUM [CHROMIUM_FLAG ...]
// The first navigation is the page as a reader lands on it; then the reader deals and plays
// three hinted moves, and the second navigation reloads the page in the same tab, which
// returns to the game in play (the page keeps its table for the tab), so that the page is
// measured with a dealt table drawn. Prints the two reports' scores and metrics as JSON.
// Run by benchmarks/lighthouse.py --play; Lighthouse and puppeteer-core are devDependencies.
import puppeteer from "puppeteer-core";
import { startFlow } from "lighthouse";

const [url, chromium, ...flags] = process.argv.slice(2);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
  "cumulative-layout-shift", "dom-size"];
const SETTLED = "[data-play]:not([data-busy]) [data-diagram]";

const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: flags });
try {
  const page = await browser.newPage();
  const flow = await startFlow(page, { config: { extends: "lighthouse:default", settings: { onlyCategories: CATEGORIES } } });
  await flow.navigate(url, { name: "before dealing" });
  await page.click("[data-setup] button[type=submit]");
  await page.waitForSelector(SETTLED);
  for (let move = 0; move < 3; move += 1) {
    if (await page.$("[data-result]")) { break; }
    await page.click("[data-hint]");
    await page.waitForSelector("[data-play]:not([data-busy]) button.hinted");
    for (const step of ["1", "2"]) {
      for (const button of await page.$$(`button.hinted[data-hint-step='${step}']`)) {
        await button.evaluate((element) => element.click());
      }
    }
    await page.waitForSelector(SETTLED);
  }
  await flow.navigate(url, { name: "mid-game", flags: { disableStorageReset: true } });
  const dealt = Boolean(await page.waitForSelector(SETTLED, { timeout: 10000 }));
  const result = await flow.createFlowResult();
  const reports = result.steps.map((step) => {
    const lhr = step.lhr;
    const figures = Object.fromEntries(CATEGORIES.map((name) => [name, Math.round(lhr.categories[name].score * 100)]));
    for (const audit of METRICS) { figures[audit] = lhr.audits[audit].numericValue; }
    figures.failing = CATEGORIES.slice(1).flatMap((name) => lhr.categories[name].auditRefs
      .filter((ref) => ref.weight && ![null, 1].includes(lhr.audits[ref.id].score)).map((ref) => ref.id));
    figures.dealt = step.name === "mid-game" ? dealt : false;
    return [step.name, figures];
  });
  console.log(JSON.stringify(Object.fromEntries(reports)));
} finally {
  await browser.close();
}
