import type { Page } from 'playwright-core';

/** What the sample workspace `npm` shows once its page has run. */
export interface NpmPage {
  week: string;
  defaults: string;
  id: string;
  card: string;
  reactiveElements: number;
  litElements: number;
  litHtmls: number;
}

/** Waits for the `npm` sample's page to render (the preact effect has run) and reads it. */
export async function readNpmPage(page: Page): Promise<NpmPage> {
  await page.waitForFunction(() => document.querySelector('#counter')?.getAttribute('data-mounted') === 'true' && document.querySelector('npm-card')?.shadowRoot?.querySelector('.greeting'));
  return page.evaluate(() => {
    const versions = (name: string) => ((window as unknown as Record<string, unknown[] | undefined>)[name] ?? []).length;
    return {
      week: document.querySelector('#week')!.textContent!,
      defaults: document.querySelector('#defaults')!.textContent!,
      id: document.querySelector('#id')!.textContent!,
      card: document.querySelector('npm-card')!.shadowRoot!.querySelector('.greeting')!.textContent!,
      reactiveElements: versions('reactiveElementVersions'),
      litElements: versions('litElementVersions'),
      litHtmls: versions('litHtmlVersions'),
    };
  });
}

/** Clicks the lit card's button and the preact counter: both must react (decorated state, hooks). */
export async function clickBoth(page: Page): Promise<{ card: string; counter: string }> {
  await page.locator('npm-card button').click();
  await page.locator('#counter').click();
  await page.waitForFunction(() => document.querySelector('#counter')!.textContent === '6' && document.querySelector('npm-card')!.shadowRoot!.querySelector('button')!.textContent === '1');
  return page.evaluate(() => ({ card: document.querySelector('npm-card')!.shadowRoot!.querySelector('button')!.textContent!, counter: document.querySelector('#counter')!.textContent! }));
}

/** The page's state as the sample should show it with every installed package loaded once. */
export const ONCE = { week: '8', defaults: '{"weekStartsOn":1}', card: 'Hello, kit', reactiveElements: 1, litElements: 1, litHtmls: 1 };
