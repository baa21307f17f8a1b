/**
 * Test cards of the sandbox card processor: Stripe's test numbers and its error messages
 * (docs/architecture.md §6, the sandbox test cards).
 */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardResult = { ok: true; last4: string } | { ok: false; code: string; message: string };

const SUCCESS = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '378282246310005', // American Express
]);
const DECLINES: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'lost_card', message: 'Your card was declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function chargeTestCard(card: CardInput, now: Date): CardResult {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return { ok: false, code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfExpiry = Date.UTC(year, card.expMonth, 1);
  if (!Number.isInteger(year) || endOfExpiry <= now.getTime())
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." };
  const cvcLength = number.startsWith('3') ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc))
    return { ok: false, code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  const decline = DECLINES[number];
  if (decline) return { ok: false, ...decline };
  if (!SUCCESS.has(number))
    return {
      ok: false,
      code: 'card_declined',
      message: 'Your card was declined. Test mode accepts test cards only, such as 4242 4242 4242 4242.',
    };
  return { ok: true, last4: number.slice(-4) };
}
