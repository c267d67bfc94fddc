// A small client of the W3C WebDriver protocol (https://www.w3.org/TR/webdriver2/), just the
// commands the WebKit journey uses. Playwright cannot drive WebKitGTK's MiniBrowser, and
// webdriverio would bring a tree of packages, driver and browser downloaders among them (which
// must never run here: no internet but npm), for a dozen HTTP calls; the protocol is plain JSON
// over HTTP, so we speak it ourselves.

/** The key under which the protocol passes a reference to an element (W3C §12.2). */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** A reference to an element in the page, as the driver hands it out. */
export type ElementRef = { [ELEMENT_KEY]: string };

export const isElementRef = (value: unknown): value is ElementRef =>
  typeof value === 'object' && value !== null && ELEMENT_KEY in value;

/** An error the driver answered with: its W3C error code and message. */
export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** Each command is quick; a page load waits for the load event (the driver's own limit is 300 s). */
const COMMAND_TIMEOUT_MS = 60_000;

async function command<T>(
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  body?: unknown,
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
  });
  const json = (await response.json()) as {
    value: T | { error: string; message: string };
  };
  const value = json.value;
  if (!response.ok) {
    const error = value as { error?: string; message?: string };
    throw new WebDriverError(
      error.error ?? String(response.status),
      error.message ?? JSON.stringify(value),
    );
  }
  return value as T;
}

/** Keys by their code points in the protocol's key table (W3C §17.4.2). */
export const KEYS = { tab: '\uE004', enter: '\uE007' } as const;

/** One browser session of a WebDriver server. */
export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  /** Opens a session on the server at `serverUrl` with these capabilities (alwaysMatch). */
  static async create(
    serverUrl: string,
    capabilities: Record<string, unknown>,
  ): Promise<WebDriverSession> {
    const { sessionId } = await command<{ sessionId: string }>(`${serverUrl}/session`, 'POST', {
      capabilities: { alwaysMatch: capabilities },
    });
    return new WebDriverSession(`${serverUrl}/session/${sessionId}`, sessionId);
  }

  private call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
    return command<T>(`${this.base}${path}`, method, body);
  }

  navigate(url: string): Promise<void> {
    return this.call('POST', '/url', { url });
  }

  currentUrl(): Promise<string> {
    return this.call('GET', '/url');
  }

  refresh(): Promise<void> {
    return this.call('POST', '/refresh', {});
  }

  /**
   * Runs `fn` in the page with `args` and answers its (awaited) result. The function is sent as
   * its source, so it may use only its arguments and the page's globals.
   */
  execute<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    return this.call('POST', '/execute/sync', {
      script: `return (${fn.toString()}).apply(null, arguments);`,
      args,
    });
  }

  /** Runs a script body as it is (axe-core's source: too large to pass as an argument). */
  executeSource(source: string): Promise<unknown> {
    return this.call('POST', '/execute/sync', { script: source, args: [] });
  }

  click(element: ElementRef): Promise<void> {
    return this.call('POST', `/element/${element[ELEMENT_KEY]}/click`, {});
  }

  clear(element: ElementRef): Promise<void> {
    return this.call('POST', `/element/${element[ELEMENT_KEY]}/clear`, {});
  }

  /** Types `text` into the element, focusing it first, as a person at the keyboard would. */
  sendKeys(element: ElementRef, text: string): Promise<void> {
    return this.call('POST', `/element/${element[ELEMENT_KEY]}/value`, { text });
  }

  /** Presses and releases keys on whatever has the focus. */
  async pressKeys(keys: string): Promise<void> {
    const actions = [...keys].flatMap((value) => [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
    ]);
    await this.call('POST', '/actions', {
      actions: [{ type: 'key', id: 'keyboard', actions }],
    });
    await this.call('DELETE', '/actions');
  }

  setWindowRect(rect: { width: number; height: number }): Promise<void> {
    return this.call('POST', '/window/rect', rect);
  }

  /** The visible page as a PNG. */
  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.call<string>('GET', '/screenshot'), 'base64');
  }

  deleteAllCookies(): Promise<void> {
    return this.call('DELETE', '/cookie');
  }

  close(): Promise<void> {
    return this.call('DELETE', '');
  }
}
