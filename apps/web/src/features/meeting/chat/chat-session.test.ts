import { describe, expect, it } from 'vitest';
import { encodeChat } from '@vizita/shared/call-chat/chat-message';
import { FakeCallSession, linkSessions } from '../call/fake-call-session';
import { CHAT_HISTORY_MAX, ChatSession } from './chat-session';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function pair() {
  const patient = new FakeCallSession({ selfId: 'patient' });
  const doctor = new FakeCallSession({ selfId: 'doctor' });
  linkSessions(patient, doctor);
  return {
    patient,
    doctor,
    patientChat: new ChatSession(patient),
    doctorChat: new ChatSession(doctor),
  };
}

describe('the call chat', () => {
  it('counts unread messages only while the panel is closed', async () => {
    const { patientChat, doctorChat } = pair();
    await doctorChat.send('One');
    await doctorChat.send('Two');
    await flush();
    expect(patientChat.getSnapshot().unread).toBe(2);
    patientChat.setOpen(true);
    expect(patientChat.getSnapshot().unread).toBe(0);
    await doctorChat.send('Three');
    await flush();
    expect(patientChat.getSnapshot()).toMatchObject({ unread: 0 });
    expect(patientChat.getSnapshot().messages.map((m) => [m.from, m.text])).toEqual([
      ['them', 'One'],
      ['them', 'Two'],
      ['them', 'Three'],
    ]);
  });

  it('sends nothing empty, shows a repeated message once, and forgets all when the call ends', async () => {
    const { patient, doctor, patientChat, doctorChat } = pair();
    expect(await doctorChat.send('   ')).toBe(false);
    expect(doctor.sentMessages).toEqual([]);
    const again = encodeChat({ id: 'same-id', text: 'Hello', sentAt: 1 });
    await doctor.fileTransport.sendMessage(again);
    await doctor.fileTransport.sendMessage(again);
    await flush();
    expect(patientChat.getSnapshot().messages).toHaveLength(1);
    patient.leave();
    expect(patientChat.getSnapshot()).toEqual({ messages: [], unread: 0, failed: false });
  });

  it(`keeps the last ${CHAT_HISTORY_MAX} messages of a flooding peer`, async () => {
    const { doctor, patientChat } = pair();
    for (let i = 0; i < CHAT_HISTORY_MAX + 20; i += 1)
      await doctor.fileTransport.sendMessage(encodeChat({ id: `m${i}`, text: `#${i}`, sentAt: i }));
    await flush();
    const { messages } = patientChat.getSnapshot();
    expect(messages).toHaveLength(CHAT_HISTORY_MAX);
    expect(messages.at(-1)?.text).toBe(`#${CHAT_HISTORY_MAX + 19}`);
  });
});
