import { useTranslation } from 'react-i18next';
import type { DataExport } from '@vizita/shared/contracts/privacy';
import { isAuditEvent } from '@vizita/shared/domain/audit-events';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { formatMinorAmount } from '../../../lib/money';
import { EMAIL_KIND_KEYS } from '../../../lib/notification-labels';
import { GENDER_KEYS, INSURANCE_TYPE_KEYS } from '../../../lib/profile-labels';
import { useSpecialtyNames } from '../../../lib/specialty-name';
import { MEDICATION_LEFT_KEYS, useMedicationLine } from '../../../components/requested-medication';

// The readable twin of the JSON export (GDPR Art. 15: "in a concise, intelligible and easily
// accessible form"): one self-contained HTML page in the reader's language, made in the browser
// from the same data, so there is one export on the server and nothing to keep in sync.

const STATUS_KEYS = {
  pending: 'file.status.pending',
  upcoming: 'file.status.upcoming',
  completed: 'file.status.completed',
  no_show: 'file.status.no_show',
  cancelled: 'file.status.cancelled',
  expired: 'file.status.expired',
} as const;
const PAYMENT_STATUS_KEYS = {
  pending: 'file.paymentStatus.pending',
  completed: 'file.paymentStatus.completed',
  failed: 'file.paymentStatus.failed',
  cancelled: 'file.paymentStatus.cancelled',
  refunded: 'file.paymentStatus.refunded',
} as const;
const PLAN_KEYS = {
  consultation: 'file.plans.consultation',
  prescription: 'file.plans.prescription',
  'follow-up': 'file.plans.follow-up',
  'on-demand': 'file.plans.on-demand',
} as const;
const CANCELLED_BY_KEYS = {
  patient: 'file.cancelledBy.patient',
  doctor: 'file.cancelledBy.doctor',
  clinic: 'file.cancelledBy.clinic',
} as const;
const INVOICE_KIND_KEYS = {
  invoice: 'file.invoiceKinds.invoice',
  credit_note: 'file.invoiceKinds.credit_note',
} as const;
const CALL_EVENT_KEYS = {
  joined: 'file.callEvents.joined',
  admitted: 'file.callEvents.admitted',
  left: 'file.callEvents.left',
} as const;
const CALL_ROLE_KEYS = {
  patient: 'file.roles.patient',
  doctor: 'file.roles.doctor',
} as const;
const QUALITY_KEYS = {
  good: 'file.quality.good',
  fair: 'file.quality.fair',
  poor: 'file.quality.poor',
} as const;
const DOCUMENT_KEYS = {
  privacy: 'file.documents.privacy',
  terms: 'file.documents.terms',
  video: 'file.documents.video',
} as const;
const CONTEXT_KEYS = {
  registration: 'file.contexts.registration',
  profile: 'file.contexts.profile',
  update: 'file.contexts.update',
  meeting: 'file.contexts.meeting',
} as const;
const SENDER_KEYS = {
  patient: 'file.messages.from.patient',
  doctor: 'file.messages.from.doctor',
  admin: 'file.messages.from.admin',
} as const;
const WAITLIST_STATUS_KEYS = {
  waiting: 'file.waitlist.statuses.waiting',
  fulfilled: 'file.waitlist.statuses.fulfilled',
  cancelled: 'file.waitlist.statuses.cancelled',
  expired: 'file.waitlist.statuses.expired',
} as const;
const CLINICAL_DOCUMENT_KIND_KEYS = {
  prescription: 'file.clinicalDocuments.kinds.prescription',
  'sick-note': 'file.clinicalDocuments.kinds.sickNote',
  referral: 'file.clinicalDocuments.kinds.referral',
} as const;
const CERTIFICATE_KEYS = {
  first: 'file.clinicalDocuments.first',
  'follow-up': 'file.clinicalDocuments.followUp',
} as const;
const FOLLOW_UP_STATE_KEYS = {
  open: 'file.followUps.states.open',
  checkout: 'file.followUps.states.checkout',
  accepted: 'file.followUps.states.accepted',
  withdrawn: 'file.followUps.states.withdrawn',
  expired: 'file.followUps.states.expired',
} as const;
// The bell's texts are the notifications' own (issue #20): the short one of each kind, without
// the names and times its full text takes from the notification.
const NOTIFICATION_KEYS = {
  bookingConfirmed: 'kinds.bookingConfirmed.short',
  appointmentReminder: 'kinds.appointmentReminder.short',
  appointmentMoved: 'kinds.appointmentMoved.short',
  appointmentCancelled: 'kinds.appointmentCancelled.short',
  appointmentReassigned: 'kinds.appointmentReassignedPatient.short',
  refundIssued: 'kinds.refundIssued.short',
  documentShared: 'kinds.documentShared.short',
  followUpProposed: 'kinds.followUpProposed.short',
  followUpWithdrawn: 'kinds.followUpWithdrawn.short',
  earlierSlotOffered: 'kinds.earlierSlotOffered.short',
  requestReceived: 'kinds.requestReceived.short',
  requestDeclined: 'kinds.requestDeclined.short',
  newBooking: 'kinds.newBooking.short',
  newRequest: 'kinds.newRequest.short',
  patientCancelled: 'kinds.patientCancelled.short',
  patientWaiting: 'kinds.patientWaiting.short',
  messageReceived: 'kinds.messageReceived.short',
} as const;
/** Who acted on the record, as the access log and the readable export name them. */
export const ROLE_KEYS = {
  doctor: 'accessLog.roles.doctor',
  admin: 'accessLog.roles.admin',
  patient: 'accessLog.roles.patient',
  system: 'accessLog.roles.system',
} as const;

/** The key of a code's label; null when this version of the app does not know the code. */
function labelOf(keys: Record<string, string>, code: string | null): string | null {
  return code !== null && Object.hasOwn(keys, code) ? keys[code]! : null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Cell = string | null | undefined;

/** A heading and a list of label–value pairs; empty values read "None". */
const details = (rows: [string, Cell][], none: string) =>
  `<dl>${rows
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value || none)}</dd>`)
    .join('')}</dl>`;

const table = (headers: string[], rows: Cell[][], none: string) =>
  rows.length === 0
    ? `<p>${escapeHtml(none)}</p>`
    : `<table><thead><tr>${headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
        .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c || '–')}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`;

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}' +
  'h2{margin-top:2.5rem;border-bottom:1px solid #cbd5e1}h3{margin-bottom:.25rem}' +
  'dl{display:grid;grid-template-columns:minmax(8rem,16rem) 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}' +
  'table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border:1px solid #cbd5e1;padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}';

/** Returns the function that renders an export as a standalone HTML page. */
export function useReadableExport() {
  const { t, i18n } = useTranslation(['privacy', 'medical', 'admin', 'notifications']);
  const { t: tRequests } = useTranslation('prescriptionRequests');
  const specialties = useSpecialtyNames();
  const medicationLine = useMedicationLine();

  return (data: DataExport): string => {
    const none = t('file.none');
    const when = (value: string | null) => (value ? formatDateTime(value) : null);
    const money = (m: { amountMinor: number; currency: string } | null) =>
      m && `${formatMinorAmount(m.amountMinor)} ${m.currency}`;
    // The keys come from the literal maps above; i18next's types cannot follow a lookup by code.
    const translate = t as unknown as (key: string, options?: { ns: string }) => string;
    /** A code by its label in `ns`, or as it is when unknown. */
    const name = (keys: Record<string, string>, code: string | null, ns = 'privacy') => {
      const key = labelOf(keys, code);
      return key ? translate(key, { ns }) : code;
    };
    const event = (code: string) =>
      isAuditEvent(code) ? t(`audit.events.${code}`, { ns: 'admin' }) : code;
    const regionName = (code: string | null) => {
      if (!code) return null;
      try {
        return new Intl.DisplayNames([i18n.language], { type: 'region' }).of(code) ?? code;
      } catch {
        return code;
      }
    };
    const { account, profile } = data;
    const dependantName = new Map(
      (data.dependants ?? []).map((d) => [d.id, `${d.firstName} ${d.lastName}`]),
    );

    const sections: [string, string][] = [
      [
        t('file.sections.account'),
        details(
          [
            [t('file.fields.name'), `${account.firstName} ${account.lastName}`.trim()],
            [t('file.fields.email'), account.email],
            [t('file.fields.language'), account.language],
            [t('file.fields.registeredAt'), when(account.registeredAt)],
            [t('file.fields.emailValidatedAt'), when(account.emailValidatedAt)],
            [t('file.fields.twoFactor'), account.twoFactorEnabled ? t('file.yes') : t('file.no')],
            [t('file.fields.rememberedDevices'), String(account.rememberedDevices)],
          ],
          none,
        ),
      ],
      [
        t('file.sections.profile'),
        profile
          ? details(
              [
                [t('file.fields.gender'), name(GENDER_KEYS, profile.gender, 'medical')],
                [
                  t('file.fields.birthDate'),
                  profile.birthDate && formatCalendarDate(profile.birthDate),
                ],
                [
                  t('file.fields.address'),
                  [
                    [profile.street, profile.streetNumber].filter(Boolean).join(' '),
                    [profile.postCode, profile.city].filter(Boolean).join(' '),
                  ]
                    .filter(Boolean)
                    .join(', '),
                ],
                [t('file.fields.country'), regionName(profile.countryCode)],
                [t('file.fields.nationalId'), profile.nationalId],
                [
                  t('file.fields.insurance'),
                  profile.insurance &&
                    [
                      name(INSURANCE_TYPE_KEYS, profile.insurance.type, 'medical'),
                      profile.insurance.company,
                      profile.insurance.number,
                    ].join(', '),
                ],
              ],
              none,
            )
          : `<p>${escapeHtml(none)}</p>`,
      ],
      [
        // The people in the account (issue #22), with their identifiers.
        t('file.sections.dependants'),
        table(
          [
            t('file.fields.name'),
            t('file.fields.birthDate'),
            t('file.fields.gender'),
            t('file.fields.country'),
            t('file.fields.nationalId'),
            t('file.fields.insurance'),
            t('file.fields.handedOverAt'),
          ],
          (data.dependants ?? []).map((d) => [
            `${d.firstName} ${d.lastName}`,
            formatCalendarDate(d.birthDate),
            name(GENDER_KEYS, d.gender, 'medical'),
            regionName(d.countryCode),
            d.nationalId,
            d.insurance && `${d.insurance.company}, ${d.insurance.number}`,
            when(d.handedOverAt),
          ]),
          none,
        ),
      ],
      [
        t('file.sections.appointments'),
        data.appointments.length === 0
          ? `<p>${escapeHtml(none)}</p>`
          : data.appointments
              .map(
                (a) =>
                  `<h3>${escapeHtml(when(a.startsAt) ?? a.startsAt)}</h3>${details(
                    [
                      [t('file.fields.doctor'), a.doctor],
                      // For whom, when it was a person in the account.
                      ...(a.dependantId
                        ? ([
                            [
                              t('file.fields.forWhom'),
                              dependantName.get(a.dependantId) ?? a.dependantId,
                            ],
                          ] satisfies [string, string][])
                        : []),
                      [
                        t('file.fields.when'),
                        `${formatDateTime(a.startsAt, a.timeZone)} (${a.timeZone})`,
                      ],
                      [t('file.fields.plan'), name(PLAN_KEYS, a.plan)],
                      [t('file.fields.status'), name(STATUS_KEYS, a.status)],
                      [t('file.fields.price'), money(a.price)],
                      [t('file.fields.reason'), a.reason],
                      // A prescription request's medicine and how much was left (issue #21).
                      ...(a.prescriptionRequest
                        ? ([
                            [
                              t('file.fields.requestedMedicine'),
                              medicationLine(a.prescriptionRequest.medication),
                            ],
                            [
                              t('file.fields.medicationLeft'),
                              tRequests(MEDICATION_LEFT_KEYS[a.prescriptionRequest.left]),
                            ],
                          ] satisfies [string, string][])
                        : []),
                      [t('file.fields.notes'), a.notes],
                      [
                        t('file.fields.cancelledBy'),
                        a.cancelledBy &&
                          `${name(CANCELLED_BY_KEYS, a.cancelledBy)}, ${when(a.cancelledAt) ?? ''}`,
                      ],
                      [t('file.fields.cancelReason'), a.cancelReason],
                      [t('file.fields.summary'), a.summary],
                      [
                        t('file.fields.documents'),
                        a.documents.length > 0
                          ? `${a.documents.map((d) => `${d.title} (${d.fileName})`).join('; ')} — ${t('file.documentsInFile', { count: a.documents.length })}`
                          : null,
                      ],
                      [
                        t('file.fields.callEvents'),
                        a.callEvents.length > 0
                          ? a.callEvents
                              .map(
                                (e) =>
                                  `${when(e.at) ?? e.at}: ${name(CALL_EVENT_KEYS, e.kind)} (${name(CALL_ROLE_KEYS, e.role)})${e.quality ? `, ${name(QUALITY_KEYS, e.quality)}` : ''}`,
                              )
                              .join('; ')
                          : null,
                      ],
                    ],
                    none,
                  )}`,
              )
              .join(''),
      ],
      [
        t('file.sections.messages'),
        data.messages.length === 0
          ? `<p>${escapeHtml(none)}</p>`
          : data.messages
              .map((thread) => {
                const about = data.appointments.find((a) => a.id === thread.appointmentId);
                const title = about
                  ? t('file.messages.appointment', { date: when(about.startsAt) })
                  : t('file.messages.clinic');
                return `<h3>${escapeHtml(title)}</h3>${
                  thread.patientMayReply ? '' : `<p>${escapeHtml(t('file.messages.closed'))}</p>`
                }${table(
                  [
                    t('file.fields.when'),
                    t('file.fields.by'),
                    t('file.fields.message'),
                    t('file.fields.files'),
                  ],
                  thread.messages.map((m) => [
                    when(m.at),
                    [m.sender, name(SENDER_KEYS, m.from)].filter(Boolean).join(', '),
                    m.text,
                    m.attachments.length > 0
                      ? `${m.attachments.map((a) => a.fileName).join('; ')} — ${t('file.messages.filesInFile', { count: m.attachments.length })}`
                      : null,
                  ]),
                  none,
                )}`;
              })
              .join(''),
      ],
      [
        t('file.followUps.section'),
        table(
          [
            t('file.followUps.proposed'),
            t('file.followUps.doctor'),
            t('file.followUps.offered'),
            t('file.followUps.note'),
            t('file.followUps.price'),
            t('file.followUps.state'),
            t('file.followUps.answerBy'),
          ],
          data.followUpProposals.map((p) => [
            when(p.createdAt),
            p.doctor,
            p.suggestedWeeks !== null
              ? t('file.followUps.inWeeks', { count: p.suggestedWeeks })
              : p.offeredSlots.map((s) => when(s)).join('; '),
            p.note,
            p.price.amountMinor === 0 ? t('file.followUps.free') : money(p.price),
            name(FOLLOW_UP_STATE_KEYS, p.state),
            when(p.expiresAt),
          ]),
          none,
        ),
      ],
      [
        t('file.clinicalDocuments.section'),
        table(
          [
            t('file.clinicalDocuments.issued'),
            t('file.clinicalDocuments.kind'),
            t('file.clinicalDocuments.version'),
            t('file.clinicalDocuments.doctor'),
            t('file.clinicalDocuments.content'),
            t('file.clinicalDocuments.code'),
            t('file.clinicalDocuments.revoked'),
          ],
          data.clinicalDocuments.map((d) => [
            when(d.versionAt),
            name(CLINICAL_DOCUMENT_KIND_KEYS, d.kind),
            String(d.version),
            d.doctor,
            'items' in d.content
              ? d.content.items
                  .map(
                    (item) =>
                      `${item.medicine} ${item.strength}: ${item.dosage} (${item.quantity})`,
                  )
                  .join('; ')
              : 'certificate' in d.content
                ? t('file.clinicalDocuments.sickNote', {
                    from: d.content.start,
                    to: d.content.end,
                    certificate: name(CERTIFICATE_KEYS, d.content.certificate),
                  })
                : `${specialties([d.content.specialty])}: ${d.content.question}`,
            d.shortCode,
            when(d.revokedAt),
          ]),
          none,
        ),
      ],
      [
        t('file.sections.payments'),
        table(
          [
            t('file.fields.when'),
            t('file.fields.amount'),
            t('file.fields.status'),
            t('file.fields.paidAt'),
            t('file.fields.refundedAt'),
            t('file.fields.receipt'),
            t('file.fields.invoices'),
          ],
          data.payments.map((p) => [
            when(p.createdAt),
            money(p),
            name(PAYMENT_STATUS_KEYS, p.status),
            when(p.paidAt),
            when(p.refundedAt),
            p.receiptNumber,
            p.invoices
              .map((i) => `${name(INVOICE_KIND_KEYS, i.kind)} ${i.number}, ${money(i)}`)
              .join('; '),
          ]),
          none,
        ),
      ],
      [
        t('file.sections.consents'),
        table(
          [
            t('file.fields.document'),
            t('file.fields.version'),
            t('file.fields.when'),
            t('file.fields.context'),
          ],
          data.consents.map((c) => [
            name(DOCUMENT_KEYS, c.document),
            c.version,
            when(c.acceptedAt),
            name(CONTEXT_KEYS, c.context),
          ]),
          none,
        ),
      ],
      [
        t('file.sections.sessions'),
        table(
          [
            t('file.fields.when'),
            t('file.fields.device'),
            t('file.fields.ip'),
            t('file.fields.expiresAt'),
            t('file.fields.endedAt'),
          ],
          data.sessions.map((s) => [
            when(s.createdAt),
            s.userAgent,
            s.ip,
            when(s.expiresAt),
            when(s.revokedAt),
          ]),
          none,
        ),
      ],
      [
        t('file.sections.accessLog'),
        table(
          [t('file.fields.when'), t('file.fields.by'), t('file.fields.event')],
          data.accessLog.map((e) => [
            when(e.at),
            [e.actor.name, t(ROLE_KEYS[e.actor.role])].filter(Boolean).join(', '),
            e.about ? `${event(e.event)} (${e.about})` : event(e.event),
          ]),
          none,
        ),
      ],
      [
        t('file.sections.activity'),
        table(
          [t('file.fields.when'), t('file.fields.event'), t('file.fields.ip')],
          data.activity.map((e) => [when(e.at), event(e.event), e.ip]),
          none,
        ),
      ],
      [
        t('file.waitlist.section'),
        table(
          [
            t('file.waitlist.what'),
            t('file.fields.status'),
            t('file.waitlist.asked'),
            t('file.waitlist.until'),
            t('file.waitlist.offers'),
          ],
          data.waitlist.map((w) => [
            w.appointmentId
              ? t('file.waitlist.forAppointment')
              : w.doctor
                ? t('file.waitlist.forDoctor', { doctor: w.doctor })
                : t('file.waitlist.forSpecialty', {
                    specialty: specialties([w.specialty ?? '']),
                  }),
            name(WAITLIST_STATUS_KEYS, w.status),
            when(w.createdAt),
            when(w.expiresAt),
            w.offers
              .map(
                (o) =>
                  `${when(o.startsAt) ?? o.startsAt}${o.takenAt ? ` (${t('file.waitlist.taken')})` : ''}`,
              )
              .join('; '),
          ]),
          none,
        ),
      ],
      [
        t('file.notifications.section'),
        `${table(
          [t('file.fields.when'), t('file.notifications.what'), t('file.notifications.read')],
          data.notifications.items.map((n) => [
            when(n.createdAt),
            [
              name(NOTIFICATION_KEYS, n.kind, 'notifications'),
              n.params.name,
              n.params.startsAt && when(n.params.startsAt),
            ]
              .filter(Boolean)
              .join(', '),
            n.readAt ? when(n.readAt) : t('file.notifications.unread'),
          ]),
          none,
        )}${details(
          [
            [
              t('file.notifications.emailOff'),
              data.notifications.emailTurnedOff
                .map((kind) => name(EMAIL_KIND_KEYS, kind, 'notifications'))
                .join(', '),
            ],
          ],
          none,
        )}`,
      ],
    ];

    return `<!doctype html><html lang="${escapeHtml(i18n.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t('file.title'))}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(t('file.title'))}</h1><p>${escapeHtml(t('file.exportedAt', { date: when(data.exportedAt) }))}</p>${sections
      .map(([heading, body]) => `<section><h2>${escapeHtml(heading)}</h2>${body}</section>`)
      .join('')}</body></html>`;
  };
}
