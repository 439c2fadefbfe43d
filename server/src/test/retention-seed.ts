import type { Orm } from '../db/connection.js';
import {
  contactMessages,
  faqVisitorVotes,
  faqVotes,
  formSubmissions,
  leads,
  otpChallenges,
  otpSends,
  paymentAttempts,
  providerEvents,
  serviceFeedback,
  transactionEvents,
  transactions,
} from '../db/schema/index.js';

/**
 * Rows of every table that holds personal data, dated in the past, for the retention tests. A row is
 * written with the `who` it is given, so a test can give the rows that are due one set of markers and the
 * rows that must stay another, and then look for each marker anywhere in the database.
 */
export type Who = { number: string; email: string; name: string; ip: string; visitor: string };

export const DUE: Who = {
  number: '2348020000001',
  email: 'due.person@example.com',
  name: 'Dueperson Okafor',
  ip: '203.0.113.91',
  visitor: '11111111-1111-4111-8111-111111111111',
};

export const KEPT: Who = {
  number: '2348020000002',
  email: 'kept.person@example.com',
  name: 'Keptperson Adeyemi',
  ip: '203.0.113.92',
  visitor: '22222222-2222-4222-8222-222222222222',
};

export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

/** A payment in `state`, last changed `days` ago, with its two state changes and one resolved charge attempt. */
export async function seedPayment(
  orm: Orm,
  p: { id: string; state: string; days: number; who: Who; set?: Partial<typeof transactions.$inferInsert> },
) {
  const at = daysAgo(p.days);
  await orm.insert(transactions).values({
    id: p.id,
    idempotencyKey: `key-${p.id}`,
    requestHash: `hash-of-${p.who.number}`,
    state: p.state,
    transactionType: 'PREPAID_RECHARGE',
    paymentMode: 'PAYMENT_GATEWAY',
    paymentGateway: 'paystack',
    msisdn: p.who.number,
    paymentMobile: `0${p.who.number.slice(3)}`,
    email: p.who.email,
    amountKobo: 50_000,
    currency: 'NGN',
    accountId: `ACC-${p.who.number}`,
    providerReference: `ref-${p.id}`,
    createdAt: at,
    updatedAt: at,
    paidAt: at,
    ...p.set,
  });
  await orm.insert(transactionEvents).values([
    { transactionId: p.id, fromState: null, toState: 'CREATED', createdAt: at },
    { transactionId: p.id, fromState: 'CREATED', toState: p.state, createdAt: at },
  ]);
  await orm.insert(paymentAttempts).values({
    transactionId: p.id,
    attempt: 1,
    provider: 'paystack',
    reference: p.id,
    createdAt: at,
    resolvedAt: at,
    resolution: 'SETTLED',
  });
}

export async function seedProviderEvent(orm: Orm, key: string, days: number, who: Who) {
  await orm.insert(providerEvents).values({
    provider: 'paystack',
    eventKey: key,
    reference: `ref-${key}`,
    payload: { customer: { email: who.email, phone: who.number } },
    receivedAt: daysAgo(days),
  });
}

/** A lead last changed `days` ago, and the customer-details form saved with it. */
export async function seedLead(orm: Orm, id: string, days: number, who: Who) {
  const at = daysAgo(days);
  await orm.insert(leads).values({
    id,
    fingerprint: `fingerprint-${who.number}`,
    uniqueCodeHash: `code-${id}`,
    otpChallengeId: `otp-${id}`,
    leadType: 'HBB',
    source: 'portal',
    status: 'SUBMITTED',
    feasible: true,
    fullName: who.name,
    contactMsisdn: who.number,
    email: who.email,
    lineType: 'Prepaid',
    consent: true,
    consentText: 'I agree to be contacted about my request.',
    consentAt: at,
    addressType: 'HOME',
    street1: `12 ${who.name} Close`,
    landmark: `Opposite ${who.name} Pharmacy`,
    city: 'Ikeja',
    country: 'NG',
    latitude: 6.60182,
    longitude: 3.35153,
    locationSource: 'address',
    planCode: 'HBB-20GB',
    planDescription: '20 GB',
    planAmountKobo: 1_500_000,
    connectionFeeKobo: 2_000_000,
    currency: 'NGN',
    language: 'en',
    createdAt: at,
    updatedAt: at,
  });
  await orm.insert(formSubmissions).values({
    id: `form-${id}`,
    formName: 'customer-details',
    language: 'en',
    fingerprint: `form-fingerprint-${id}`,
    data: { fullName: who.name, mobileNumber: who.number, email: who.email },
    createdAt: at,
  });
}

export async function seedContactMessage(orm: Orm, id: string, days: number, who: Who) {
  await orm.insert(contactMessages).values({
    id,
    opco: 'NG',
    language: 'en',
    fullName: who.name,
    msisdn: who.number,
    email: who.email,
    topic: 'other',
    message: `Please call ${who.name} back.`,
    createdAt: daysAgo(days),
  });
}

export async function seedFeedback(orm: Orm, days: number, who: Who) {
  await orm.insert(serviceFeedback).values({
    opco: 'NG',
    language: 'en',
    rating: 4,
    topic: 'recharge',
    comment: `Good service, ask for ${who.name}`,
    msisdn: who.number,
    createdAt: daysAgo(days),
  });
}

/** A visitor's vote and the count it went into. */
export async function seedFaqVote(orm: Orm, questionId: string, days: number, who: Who) {
  await orm.insert(faqVisitorVotes).values({
    opco: 'NG',
    questionId,
    visitorId: who.visitor,
    isLike: true,
    votedAt: daysAgo(days),
  });
  await orm.insert(faqVotes).values({ opco: 'NG', questionId, likes: 1, dislikes: 0 });
}

/** A one-time-code challenge and its send, `hours` ago. */
export async function seedOtp(orm: Orm, id: string, hours: number, who: Who) {
  const at = new Date(Date.now() - hours * 3600 * 1000);
  await orm.insert(otpChallenges).values({
    id,
    msisdn: who.number,
    purpose: 'PAYMENT',
    codeHash: `code-hash-${id}`,
    attemptsLeft: 5,
    clientIp: who.ip,
    expiresAt: new Date(at.getTime() + 5 * 60 * 1000),
    createdAt: at,
  });
  await orm.insert(otpSends).values({
    id: `send-${id}`,
    challengeId: id,
    msisdn: who.number,
    clientIp: who.ip,
    sentAt: at,
  });
}
