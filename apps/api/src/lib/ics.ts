// A minimal RFC 5545 calendar with one event. Times are written in UTC ("Z"), which every
// calendar converts to its own zone correctly across DST, with no VTIMEZONE to get wrong.

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
// TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11).
const text = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

// A parameter value (CN=…) is quoted; quotes themselves cannot appear in it (RFC 5545 §3.2).
const param = (s: string) => `"${s.replace(/"/g, "'")}"`;

/** Lines longer than 75 octets are folded with CRLF + space (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length);
    // Never split a multi-byte character: back up to a UTF-8 lead byte.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
}

export function calendarEvent(event: {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  url?: string;
  /** Higher in a later mail about the same event (a new time), so calendars update it. */
  sequence?: number;
  now: Date;
  /**
   * REQUEST adds or updates the entry; CANCEL (same UID, higher SEQUENCE) removes it from the
   * calendar (RFC 5546 §3.2.2, §3.2.5). Both name the organizer and the attendee.
   */
  method: 'REQUEST' | 'CANCEL';
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Vizita//Telemedicine//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    `ORGANIZER;CN=${param(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${param(event.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${event.attendee.email}`,
    `DTSTAMP:${stamp(event.now)}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(event.end)}`,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    ...(event.url ? [`URL:${event.url}`, `LOCATION:${text(event.url)}`] : []),
    // A cancelled entry needs no reminder.
    ...(event.method === 'REQUEST'
      ? [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          'TRIGGER:-PT15M',
          `DESCRIPTION:${text(event.summary)}`,
          'END:VALARM',
        ]
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
