import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import enBilling from '../../../locales/en/billing.json';
import { mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

type Handlers = Parameters<typeof mockApi>[0];
type Reply = Awaited<ReturnType<Handlers[string]>>;

const HISTORY = 'GET /api/payments/history';

function signedIn(handlers: Handlers = {}) {
  return mockApi({
    'GET /auth/status': () => ok(session()),
    [HISTORY]: () => ok([]),
    ...handlers,
  });
}

/** An instant from local parts: it reads the same in any time zone. */
const at = (month: number, day: number, hour: number, minute: number) =>
  new Date(2026, month - 1, day, hour, minute).toISOString();

let nextId = 1;

/** A payment as GET /api/payments/history lists it. */
function payment(overrides: Record<string, unknown> = {}) {
  const id = `p${nextId++}`;
  return {
    id,
    date: at(11, 22, 10, 30),
    doctor: { name: 'Dr. Elena Petrova', specialties: ['cardiology', 'internal-medicine'] },
    amount: 60,
    currency: 'EUR',
    status: 'completed',
    receiptUrl: `https://vizita.example/receipts/${id}?sig=s1`,
    ...overrides,
  };
}

/** A failure answer with the server's own message. */
const failure = (status: number, message: string): Reply => ({
  status,
  body: { success: false, message, code: 'someCode' },
});

async function billing(path = '/dashboard/billing') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Billing History' });
  return view;
}

const table = () => screen.getByRole('table', { name: 'Your payments' });
const tableRows = () => tableRowsIn('Your payments');
const cards = () => screen.getByRole('list', { name: 'Your payments' });

/** The text of each body row's cells. */
function tableRowsIn(name: string): (string | null)[][] {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('billing history', () => {
  it('shows that the history is loading until it arrives', async () => {
    let answer!: (reply: Reply) => void;
    signedIn({ [HISTORY]: () => new Promise<Reply>((resolve) => (answer = resolve)) });
    await billing();
    expect(screen.getByText('View your payment history and download your receipts.')).toBeVisible();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading payment history…');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    answer(ok([payment()]));
    expect(await screen.findByRole('table', { name: 'Your payments' })).toBeInTheDocument();
    expect(screen.queryByText('Loading payment history…')).not.toBeInTheDocument();
  });

  it('lists the payments in a labelled table, formatted as the spec says', async () => {
    signedIn({
      [HISTORY]: () =>
        ok([
          payment(),
          payment({
            date: at(1, 5, 0, 5),
            doctor: { name: '', specialties: [] },
            amount: 1250.5,
            currency: 'BGN',
            status: 'refunded',
            receiptUrl: null,
          }),
          payment({ date: at(3, 2, 14, 0), status: 'failed', receiptUrl: null }),
          payment({ status: 'pending', receiptUrl: null }),
          payment({ status: 'cancelled', receiptUrl: null }),
          payment({ status: 'disputed', receiptUrl: null }),
          // "See a doctor now" that no doctor took (issue #22): named by what was paid for.
          payment({
            doctor: { name: '', specialties: ['cardiology'] },
            onDemand: true,
            status: 'refunded',
          }),
        ]),
    });
    await billing();
    await screen.findByRole('table');

    const headers = within(table()).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual([
      'Date',
      'Doctor',
      'Amount',
      'Status',
      'Receipt',
    ]);
    for (const th of headers) expect(th).toHaveAttribute('scope', 'col');

    const rows = tableRows();
    expect(rows[0]).toEqual([
      'Nov 22, 10:30 AM',
      'Dr. Elena PetrovaCardiology, Internal Medicine',
      '60.00 EUR',
      'Paid',
      'Download (receipt of Nov 22, 10:30 AM, opens in a new tab)',
    ]);
    // Fallbacks of spec §2 for a doctor without name or specialties and a payment without receipt.
    expect(rows[1]).toEqual([
      'Jan 5, 12:05 AM',
      'N/AGeneral Medicine',
      '1,250.50 BGN',
      'Refunded',
      'N/A',
    ]);
    expect(rows[2]![0]).toBe('Mar 2, 2:00 PM');
    // Spec §3: the labels of the known statuses, and an unknown one as it came.
    expect(rows.map((row) => row[3])).toEqual([
      'Paid',
      'Refunded',
      'Failed',
      'Pending',
      'Cancelled',
      'disputed',
      'Refunded',
    ]);
    expect(rows[6]![1]).toBe('See a doctor nowCardiology');
    const firstDate = within(table()).getAllByRole('cell')[0]!.querySelector('time');
    expect(firstDate).toHaveAttribute('dateTime', at(11, 22, 10, 30));
  });

  it('opens a receipt in a new tab, and says N/A where there is none', async () => {
    signedIn({
      [HISTORY]: () =>
        ok([
          payment({ receiptUrl: 'https://vizita.example/receipts/p-1?sig=s1' }),
          payment({ date: at(11, 20, 9, 0), receiptUrl: null }),
        ]),
    });
    await billing();
    const [link, ...others] = await within(await screen.findByRole('table')).findAllByRole('link');
    expect(others).toEqual([]);
    expect(link).toHaveAccessibleName('Download (receipt of Nov 22, 10:30 AM, opens in a new tab)');
    expect(link).toHaveAttribute('href', 'https://vizita.example/receipts/p-1?sig=s1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(tableRows()[1]![4]).toBe('N/A');
  });

  it('offers the invoice as a PDF download beside the receipt', async () => {
    signedIn({
      [HISTORY]: () =>
        ok([
          payment({
            receiptUrl: 'https://vizita.example/receipts/p-1?sig=s1',
            invoicePdfUrl: 'https://vizita.example/receipts/p-1/invoice.pdf?sig=s1',
          }),
          payment({ date: at(11, 20, 9, 0), invoicePdfUrl: 'javascript:alert(1)' }),
        ]),
    });
    await billing();
    const links = await within(await screen.findByRole('table')).findAllByRole('link', {
      name: /PDF/,
    });
    // A link that is not a web URL never becomes an href.
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName(
      'Invoice (PDF) (invoice of Nov 22, 10:30 AM, downloads a PDF file)',
    );
    expect(links[0]).toHaveAttribute(
      'href',
      'https://vizita.example/receipts/p-1/invoice.pdf?sig=s1',
    );
    expect(links[0]).toHaveAttribute('download');
  });

  it('shows the same payments as a list of cards for phones', async () => {
    signedIn({
      [HISTORY]: () =>
        ok([payment(), payment({ doctor: { name: '', specialties: [] }, receiptUrl: null })]),
    });
    await billing();
    const items = within(await screen.findByRole('list', { name: 'Your payments' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Dr. Elena PetrovaCardiology, Internal MedicinePaidDateNov 22, 10:30 AMAmount60.00 EURReceiptDownload (receipt of Nov 22, 10:30 AM, opens in a new tab)',
      'N/AGeneral MedicinePaidDateNov 22, 10:30 AMAmount60.00 EURReceiptN/A',
    ]);
    const link = within(items[0]!).getByRole('link');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Headings in order: the page's h1, then the (visually hidden) h2 that labels the list.
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getAllByRole('heading')
        .map((h) => [h.tagName, h.textContent]),
    ).toEqual([
      ['H1', 'Billing History'],
      ['H2', 'Your payments'],
    ]);
    // happy-dom applies no CSS: that phones get the cards and wider screens the table is the
    // stylesheet's part.
    expect(cards()).toHaveClass('sm:hidden');
  });

  it('invites a patient without payments to book, linking to /calendar', async () => {
    signedIn();
    await billing();
    expect(await screen.findByRole('heading', { level: 2, name: 'No Payments Yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Book Your First Appointment' })).toHaveAttribute(
      'href',
      '/calendar',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the server message when the history fails, and Try Again loads it', async () => {
    let loads = 0;
    signedIn({
      [HISTORY]: () =>
        ++loads === 1 ? failure(403, 'Payment history is not available') : ok([payment()]),
    });
    await billing();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Error Loading Billing History',
    );
    expect(alert).toHaveTextContent('Payment history is not available');

    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Your payments' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loads).toBe(2);
  });

  it('says "Failed to load payment history" when the failure has no message', async () => {
    signedIn({ [HISTORY]: () => ({ status: 404 }) });
    await billing();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Error Loading Billing HistoryFailed to load payment historyTry Again$/,
    );
  });

  it('reads the history again on focus once it is a minute old (receipt links expire)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let loads = 0;
    signedIn({ [HISTORY]: () => (loads++, ok([payment()])) });
    await billing();
    await screen.findByRole('table');
    const focus = () => act(() => void window.dispatchEvent(new Event('visibilitychange')));

    vi.setSystemTime(Date.now() + 30_000);
    focus();
    // Long enough for a request to have been made, had one been started.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(loads).toBe(1);

    vi.setSystemTime(Date.now() + 31_000);
    focus();
    await waitFor(() => expect(loads).toBe(2));
  });

  it('goes one step back', async () => {
    signedIn();
    const { router } = renderApp('/about');
    await act(() => router.navigate('/dashboard/billing'));
    await screen.findByRole('heading', { level: 1, name: 'Billing History' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
  });

  it('goes to the dashboard when there is no step back', async () => {
    signedIn();
    const { router } = await billing();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows no English text of its own in Bulgarian', async () => {
    await changeLocale('bg');
    let loads = 0;
    signedIn({
      [HISTORY]: () =>
        ++loads === 1
          ? failure(403, 'Payment history is not available')
          : ok([payment(), payment({ doctor: { name: '', specialties: [] }, receiptUrl: null })]),
    });
    renderApp('/dashboard/billing');
    await screen.findByRole('heading', { level: 1, name: 'История на плащанията' });
    const main = screen.getByRole('main');

    // The server's English is not shown; the translated fallback is.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Историята на плащанията не можа да се зареди. Моля, опитайте отново.',
    );
    expect(alert).not.toHaveTextContent('Payment history is not available');
    expectNoEnglish(main.textContent);

    await userEvent.click(within(alert).getByRole('button', { name: 'Опитайте отново' }));
    await screen.findByRole('table', { name: 'Вашите плащания' });
    expect(tableRowsIn('Вашите плащания')).toEqual([
      [
        '22.11, 10:30', // as Bulgarians write dates (ADR 0019)
        'Dr. Elena PetrovaКардиология, Вътрешни болести',
        '60.00 EUR',
        'Платено',
        'Изтегляне (разписка от 22.11, 10:30, отваря се в нов раздел)',
      ],
      ['22.11, 10:30', 'НямаОбща медицина', '60.00 EUR', 'Платено', 'Няма'],
    ]);
    expectNoEnglish(main.textContent);
  });
});

type Tree = { [key: string]: string | Tree };

/** Every English text of billing.json, cut at its placeholders. */
function englishTexts(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string'
      ? value
          .split(/{{\s*\w+\s*}}/)
          .map((part) => part.trim())
          .filter(Boolean)
      : englishTexts(value),
  );
}

function expectNoEnglish(text: string | null) {
  const leaked = englishTexts(enBilling).filter((english) => text?.includes(english));
  expect(leaked).toEqual([]);
}
