#!/usr/bin/env node
/**
 * Generates the two corpora of corpora/disguise/ (see its README.md):
 *
 * - `disguises.json`: forbidden terms hidden in candidate replies, each case labelled with the
 *   term it hides and the disguise classes it uses. The hand-written core (`core.json`, written
 *   by people, the issue's own examples first) is copied in as it is; the rest is generated
 *   here, every term in every class that applies to it and in twelve combinations, placed in
 *   everyday sentences of the term's language. Generated deterministically (a fixed seed).
 * - `benign.json`: everyday replies in English, Lithuanian, German, Italian and Traditional
 *   Chinese (customer service, ticketing, scheduling, dating-app chat) with numbers, prices,
 *   dates, product codes, URLs, emoji, markdown and HTML, written as templates here and filled
 *   from lists of values. None states what a forbidden term forbids; many come close (`refund
 *   request`, `not shipped yet`, `尚未預約`), which is what a false positive would trip on.
 *
 * Han variants come from OpenCC's data through `opencc-js` (Taiwan → mainland Simplified, and
 * Traditional → Japanese shinjitai for variant forms such as 証 for 證).
 *
 * Usage: `node scripts/generate-disguise-corpus.mjs` from the repository root.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as OpenCC from 'opencc-js';

const DIR = new URL('../corpora/disguise/', import.meta.url);

/** The forbidden terms, by language: claims a support reply must not make. */
export const TERMS = {
  en: ['refund approved', 'already shipped', 'money is on its way', 'we guarantee', 'reserved for you', 'appointment confirmed', 'full refund'],
  lt: ['grąžinimas patvirtintas', 'jau išsiųsta', 'pinigai pakeliui', 'rezervacija patvirtinta'],
  de: ['Erstattung genehmigt', 'bereits versandt', 'Termin bestätigt', 'Geld zurück'],
  it: ['rimborso approvato', 'già spedito', 'prenotazione confermata', 'garantito'],
  'zh-TW': ['已經幫您預約', '保證退款', '看車', '已為您保留', '訂位已確認', '已經出貨'],
};

const CARRIERS = {
  en: ['Good news: {X}!', 'Hi Anna, {X}. See you soon.', 'Thanks for waiting — {X} 🙂', 'Update on order #A-2291: {X}.', 'Sure thing, {X}, no worries.'],
  lt: ['Labas, {X}.', 'Gera žinia: {X}!', 'Ačiū už kantrybę, {X}.', 'Užsakymas LT-4410: {X}.'],
  de: ['Gute Nachricht: {X}.', 'Hallo Jonas, {X}!', 'Danke für Ihre Geduld, {X}.', 'Bestellung DE-7781: {X}.'],
  it: ['Ciao Giulia, {X}!', 'Buone notizie: {X}.', 'Grazie per la pazienza, {X}.', 'Ordine IT-5520: {X}.'],
  'zh-TW': ['您好，{X}。', '沒問題，{X}喔！', '感謝您的耐心等候，{X}。', '訂單 TW-3301：{X}。'],
};

// ————— a deterministic generator —————
let state = 0x2545f491;
const rand = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 0x100000000;
};
const pick = (list) => list[Math.floor(rand() * list.length)];

const twToCn = OpenCC.Converter({ from: 'tw', to: 'cn' });
const tToJp = OpenCC.Converter({ from: 't', to: 'jp' });
const isHan = (s) => /\p{Script=Han}/u.test(s);

const CYRILLIC = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', x: 'х', y: 'у', i: 'і' };
const LEET = { a: ['4', '@'], e: ['3'], o: ['0'], s: ['$', '5'], t: ['7'], i: ['1', '!'], g: ['9'], b: ['8'] };
const SMALL_CAPS = {
  a: 'ᴀ',
  b: 'ʙ',
  c: 'ᴄ',
  d: 'ᴅ',
  e: 'ᴇ',
  f: 'ꜰ',
  g: 'ɢ',
  h: 'ʜ',
  i: 'ɪ',
  j: 'ᴊ',
  k: 'ᴋ',
  l: 'ʟ',
  m: 'ᴍ',
  n: 'ɴ',
  o: 'ᴏ',
  p: 'ᴘ',
  r: 'ʀ',
  s: 'ꜱ',
  t: 'ᴛ',
  u: 'ᴜ',
  v: 'ᴠ',
  w: 'ᴡ',
  y: 'ʏ',
  z: 'ᴢ',
};
const IGNORABLES = ['\u200b', '\u200c', '\u200d', '\u00ad', '\u2060', '\ufeff'];

/** Each class: term → disguised term, or undefined where the class does not apply. */
const DISGUISE = {
  ignorable: (t) => {
    const c = [...t];
    return c.length < 2 ? undefined : c.map((ch, i) => (i > 0 && i % 2 === 1 ? pick(IGNORABLES) + ch : ch)).join('');
  },
  spacing: (t) => (t.includes(' ') ? t.replace(/ /g, () => pick(['  ', '\u00a0', '\t', '\n', '\u3000', '\u2009'])) : undefined),
  fullwidth: (t) => (isHan(t) ? undefined : t.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0))),
  case: (t) =>
    isHan(t)
      ? undefined
      : pick([t.toUpperCase(), [...t].map((ch, i) => (i % 2 ? ch.toUpperCase() : ch)).join(''), t.replace(/\b\p{L}/gu, (c) => c.toUpperCase())]),
  confusable: (t) => {
    if (isHan(t)) return undefined;
    if (t.includes('l') && rand() < 0.4) return t.replace('l', 'I');
    let done = 0;
    const out = [...t].map((ch) => (CYRILLIC[ch] && done < 2 && rand() < 0.7 ? (done++, CYRILLIC[ch]) : ch)).join('');
    return done > 0 ? out : undefined;
  },
  leet: (t) => {
    if (isHan(t)) return undefined;
    let done = 0;
    const out = [...t].map((ch) => (LEET[ch] && rand() < 0.6 ? (done++, pick(LEET[ch])) : ch)).join('');
    if (done > 0) return out;
    return t.includes('w') ? t.replace('w', 'vv') : t.includes('d') ? t.replace('d', 'cl') : undefined;
  },
  stretched: (t) => {
    if (isHan(t)) return undefined;
    const chars = [...t];
    const at = chars.map((ch, i) => (/[aeiouy]/.test(ch) ? i : -1)).filter((i) => i >= 0);
    if (at.length === 0) return undefined;
    const chosen = new Set([pick(at), pick(at)]);
    return chars.map((ch, i) => (chosen.has(i) ? ch.repeat(2 + Math.floor(rand() * 3)) : ch)).join('');
  },
  separated: (t) => {
    const sep = pick([' ', '.', '-', '\n', ' · ', '_']);
    if (isHan(t)) return [...t].join(pick([' ', '.', ' ', '・']));
    const words = t.split(' ');
    const w = Math.floor(rand() * words.length);
    if ([...words[w]].length < 2) return undefined;
    if (rand() < 0.5) words[w] = [...words[w]].join(sep);
    else {
      const cut = 1 + Math.floor(rand() * ([...words[w]].length - 1));
      words[w] = words[w].slice(0, cut) + pick(['.', '-', '\n', ' ']) + words[w].slice(cut);
    }
    return words.join(' ');
  },
  joined: (t) => (t.includes(' ') ? t.replace(/ /g, '') : undefined),
  masked: (t) => {
    const chars = [...t];
    const letters = chars.map((ch, i) => (/\p{L}/u.test(ch) && i > 0 && i < chars.length - 1 ? i : -1)).filter((i) => i >= 0);
    if (chars.filter((c) => /\p{L}/u.test(c)).length < 4 || letters.length === 0) return undefined;
    const at = pick(letters);
    return chars.map((ch, i) => (i === at ? pick(['*', '#', '_', '•']) : ch)).join('');
  },
  markup: (t) => {
    if (isHan(t)) {
      const c = [...t];
      return `<b>${c.slice(0, 1).join('')}</b>${c.slice(1).join('')}`;
    }
    const words = t.split(' ');
    const w = Math.floor(rand() * words.length);
    const style = pick(['b', 'html', 'nbsp', 'span', 'entity']);
    if (style === 'nbsp' && words.length > 1) return words.join('&nbsp;');
    if (style === 'entity') return t.replace(/[a-z]/, (ch) => `&#${ch.charCodeAt(0)};`);
    if (style === 'span') words[w] = `<span style="color:red">${words[w]}</span>`;
    else if (style === 'html') words[w] = `<b>${words[w]}</b>`;
    else words[w] = `<i>${words[w].slice(0, 2)}</i>${words[w].slice(2)}`;
    return words.join(' ');
  },
  styled: (t) => {
    if (isHan(t) || !/^[a-z ]+$/i.test(t)) return undefined;
    const kind = pick(['negative', 'smallcaps', 'squared']);
    return [...t.toLowerCase()]
      .map((ch) => {
        if (ch === ' ') return ch;
        if (kind === 'smallcaps') return SMALL_CAPS[ch] ?? ch;
        return String.fromCodePoint((kind === 'negative' ? 0x1f150 : 0x1f170) + ch.charCodeAt(0) - 0x61);
      })
      .join('');
  },
  marks: (t) => {
    if (isHan(t) || rand() < 0.3) return [...t].map((ch) => (ch === ' ' ? ch : `${ch}\u0336`)).join('');
    let done = 0;
    const out = [...t].map((ch) => (/[a-z]/.test(ch) && rand() < 0.35 ? (done++, ch + pick(['\u0301', '\u0300', '\u0308', '\u0303'])) : ch)).join('');
    return done > 0 ? out : `${t}\u0301`;
  },
  diacritics: (t) => {
    const plain = t.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
    return plain === t ? undefined : plain;
  },
  han_variant: (t) => {
    if (!isHan(t)) return undefined;
    const variant = rand() < 0.5 ? tToJp(t) : twToCn(t);
    return variant !== t ? variant : twToCn(t) !== t ? twToCn(t) : undefined;
  },
};

const COMBINATIONS = [
  ['leet', 'separated'],
  ['case', 'stretched'],
  ['leet', 'markup'],
  ['marks', 'case'],
  ['han_variant', 'separated'],
  ['confusable', 'leet'],
  ['styled', 'separated'],
  ['masked', 'case'],
  ['ignorable', 'leet'],
  ['fullwidth', 'stretched'],
  ['diacritics', 'case'],
  ['joined', 'leet'],
  ['han_variant', 'marks'],
  ['han_variant', 'markup'],
];
/** The order classes are applied in a combination: letters first, markup and invisibles last. */
const ORDER = [
  'diacritics',
  'han_variant',
  'stretched',
  'leet',
  'confusable',
  'case',
  'masked',
  'joined',
  'separated',
  'styled',
  'fullwidth',
  'marks',
  'spacing',
  'markup',
  'ignorable',
];

function disguise(term, classes) {
  let out = term;
  for (const c of ORDER) {
    if (!classes.includes(c)) continue;
    const next = DISGUISE[c](out);
    if (next === undefined || next === out) return undefined;
    out = next;
  }
  return out;
}

const cases = [];
const core = JSON.parse(readFileSync(new URL('core.json', DIR), 'utf8'));
for (const c of core.cases) cases.push({ ...c, source: 'hand-written' });
for (const [lang, terms] of Object.entries(TERMS)) {
  for (const term of terms) {
    for (const classes of [...Object.keys(DISGUISE).map((c) => [c]), ...COMBINATIONS]) {
      // Two variants of each single class (the generator draws differently each time).
      for (let variant = 0; variant < (classes.length === 1 ? 2 : 1); variant++) {
        const hidden = disguise(term, classes);
        if (hidden === undefined || hidden === term || cases.some((c) => c.term === term && c.hidden === hidden)) continue;
        const candidate = pick(CARRIERS[lang]).replace('{X}', hidden);
        cases.push({ lang, term, classes: ORDER.filter((c) => classes.includes(c)), hidden, candidate, source: 'generated' });
      }
    }
  }
}

// ————— benign —————
const V = {
  name: ['Anna', 'Marco', 'Rūta', 'Jonas', 'Giulia', 'Lena', 'Tom', 'Mia', 'Paulius', 'Chiara'],
  price: ['€12.50', '$49.99', 'TWD 1,000', '€ 7,90', '30 €', 'NT$350', '£15', '120 EUR'],
  date: ['12/03', 'March 3', '2026-04-18', '3. März', '18 aprile', 'gegužės 5 d.', '4月18日', 'Friday'],
  time: ['10:30', '2 PM', '14:00', '9.15', '下午兩點', '18:45'],
  code: ['SKU-48213', 'TK-2291-B', 'A7X-100', '#ORD-55102', 'RX-9', 'LT-4410', 'P/N 3302-11'],
  url: ['https://example.com/help', 'www.example.org/faq', 'https://shop.example.com/o/55102', 'example.tw/track?id=88'],
  emoji: ['🙂', '👍', '🎟️', '📦', '☕', '😂', '❤️', '🚗', '🙏🏽', '✨'],
  n: ['2', '3', '1', '12', '45', '100', '0', '7'],
};
const TEMPLATES = {
  en: [
    'Hi {name}, your refund request is under review; we will email you within {n} days.',
    'The order {code} has not shipped yet, we will send a tracking link to {url}.',
    'Two tickets for {date} are still available at {price} each {emoji}',
    'Your appointment request for {date} at {time} is noted, but it is not confirmed yet.',
    'Could you send a photo of the damaged item and the order number ({code})?',
    '**Note:** prices shown include VAT ({price}).',
    'We cannot guarantee availability until payment is complete.',
    'Haha, that sounds like a great weekend {emoji} what kind of music do you like?',
    'I was in Lisbon last spring, the tiles everywhere were beautiful {emoji}',
    'Want to grab a coffee on {date}? I know a place near the station {emoji}',
    'Please reply with the plate number and mileage of the vehicle.',
    'The shipment left our warehouse? No — it is still being packed, sorry {name}.',
    '<p>Your ticket <b>{code}</b> is in the queue.</p>',
    'See {url} for the return policy; returns are free within {n} days.',
    'Your money has not been moved; the payment is pending with the bank.',
    'We received your message and a colleague will call you at {time}.',
    'Refunds are reviewed by the support team, usually within {n} business days.',
    'The seat map shows {n} free seats in row 12, but none is held for you.',
    'Did you mean the blue model ({code}) or the grey one at {price}?',
    'Thanks {name}! I love hiking too, have you been to the Dolomites? {emoji}',
    '- Step 1: log in\n- Step 2: open *Orders*\n- Step 3: click `Return`',
    'Our office is open Monday to Friday, 9:00–17:00, closed on {date}.',
    'It is still in review, nothing is approved until a supervisor decides.',
    'The discount code WELCOME10 gives 10% off orders over {price}.',
    'You can track the parcel at {url} once it ships {emoji}',
  ],
  lt: [
    'Labas, {name}, jūsų prašymas grąžinti pinigus dar peržiūrimas.',
    'Užsakymas {code} dar neišsiųstas, informuosime el. paštu.',
    'Bilietai {date} kainuoja {price}, liko {n} vietos {emoji}',
    'Jūsų pageidaujamas laikas {time} užregistruotas, bet dar nepatvirtintas.',
    'Ar galite atsiųsti sugadintos prekės nuotrauką?',
    'Haha, skamba smagiai {emoji} kokią muziką mėgsti?',
    'Kelionė į Vilnių buvo puiki, ačiū už patarimą {emoji}',
    'Grąžinimo taisyklės: {url}',
    'Gal einam kavos {date}? {emoji}',
    'Mokėjimas dar apdorojamas banke, pinigai nepervesti.',
    'Rezervacija bus patvirtinta tik gavus apmokėjimą.',
    'Mūsų biuras dirba nuo 9 iki 17 val., išskyrus {date}.',
    '**Svarbu:** kainos nurodytos su PVM ({price}).',
    'Ačiū, {name}! Aš irgi mėgstu žygius {emoji}',
    'Prekės kodas {code}, kaina {price}.',
    'Peržiūra paprastai trunka {n} darbo dienas.',
    '<p>Jūsų užklausa <b>{code}</b> eilėje.</p>',
    'Ar turėjote omenyje mėlyną modelį ar pilką?',
    'Siuntos sekimas: {url} {emoji}',
    'Nieko nepatvirtinome, kol vadovas nenusprendė.',
  ],
  de: [
    'Hallo {name}, Ihre Anfrage zur Erstattung wird noch geprüft.',
    'Die Bestellung {code} ist noch nicht versandt, wir melden uns.',
    'Für den {date} gibt es noch {n} Karten zu je {price} {emoji}',
    'Ihr Wunschtermin am {date} um {time} ist notiert, aber noch nicht bestätigt.',
    'Könnten Sie uns ein Foto des beschädigten Geräts schicken?',
    'Haha, klingt super {emoji} was für Musik hörst du gern?',
    'Ich war letztes Jahr in Wien, das Essen war großartig {emoji}',
    'Die Rückgabebedingungen finden Sie unter {url}.',
    'Lust auf einen Kaffee am {date}? {emoji}',
    'Die Zahlung ist bei der Bank noch in Bearbeitung.',
    'Wir können die Verfügbarkeit erst nach der Zahlung zusagen.',
    'Unser Büro ist montags bis freitags von 9 bis 17 Uhr geöffnet.',
    '**Hinweis:** Preise inkl. MwSt. ({price}).',
    'Danke, {name}! Ich wandere auch gern {emoji}',
    'Artikelnummer {code}, Preis {price}.',
    'Die Prüfung dauert in der Regel {n} Werktage.',
    '<p>Ihr Ticket <b>{code}</b> ist in der Warteschlange.</p>',
    'Meinten Sie das blaue Modell oder das graue?',
    'Sendungsverfolgung: {url} {emoji}',
    'Nichts ist genehmigt, bis die Teamleitung entschieden hat.',
  ],
  it: [
    'Ciao {name}, la tua richiesta di rimborso è in revisione.',
    "L'ordine {code} non è ancora stato spedito, ti avviseremo.",
    'Per il {date} restano {n} biglietti a {price} {emoji}',
    "L'orario richiesto, {date} alle {time}, è annotato ma non ancora confermato.",
    "Puoi inviarci una foto dell'articolo danneggiato?",
    'Ahah, sembra divertente {emoji} che musica ascolti?',
    "Sono stato a Napoli l'anno scorso, la pizza era incredibile {emoji}",
    'Le condizioni di reso sono su {url}.',
    'Ti va un caffè {date}? {emoji}',
    'Il pagamento è ancora in elaborazione presso la banca.',
    'Non possiamo garantire la disponibilità prima del pagamento.',
    'Il nostro ufficio è aperto dal lunedì al venerdì, 9–17.',
    '**Nota:** i prezzi includono IVA ({price}).',
    'Grazie, {name}! Anche a me piace camminare in montagna {emoji}',
    'Codice articolo {code}, prezzo {price}.',
    'La revisione richiede di solito {n} giorni lavorativi.',
    '<p>Il tuo ticket <b>{code}</b> è in coda.</p>',
    'Intendevi il modello blu o quello grigio?',
    'Tracciamento spedizione: {url} {emoji}',
    'Nulla è approvato finché un responsabile non decide.',
  ],
  'zh-TW': [
    '{name}您好，您的退款申請正在審核中。',
    '訂單 {code} 尚未出貨，出貨後會通知您。',
    '{date}的票目前還有 {n} 張，每張 {price} {emoji}',
    '已記下您希望的時段（{date} {time}），時間尚未確認。',
    '請提供損壞商品的照片與訂單編號。',
    '哈哈，聽起來很好玩 {emoji} 你平常聽什麼音樂？',
    '去年去了台南，小吃真的很好吃 {emoji}',
    '退貨規定請見 {url}。',
    '{date}要不要一起喝咖啡？{emoji}',
    '付款仍在銀行處理中，款項尚未轉出。',
    '付款完成前無法保證有位子。',
    '門市營業時間為週一至週五 9:00–17:00。',
    '**提醒：**價格已含稅（{price}）。',
    '謝謝{name}！我也喜歡爬山 {emoji}',
    '商品編號 {code}，售價 {price}。',
    '審核通常需要 {n} 個工作天。',
    '<p>您的案件 <b>{code}</b> 正在排隊處理。</p>',
    '請問您指的是藍色款還是灰色款？',
    '物流追蹤：{url} {emoji}',
    '主管決定前，一切都尚未核准。',
    '目前尚未為您預約，請先提供車牌與里程。',
    '頁面顯示尚有兩張票，但尚未為您保留。',
  ],
};
const benign = [];
const seen = new Set();
for (const [lang, templates] of Object.entries(TEMPLATES)) {
  for (let round = 0; round < 24; round++) {
    for (const template of templates) {
      const text = template.replace(/\{(\w+)\}/g, (_, slot) => pick(V[slot]));
      if (seen.has(text)) continue;
      seen.add(text);
      benign.push({ lang, text });
    }
  }
}

const header = (what) => ({
  description: what,
  licence: 'CC0-1.0: written for Warrant (hand-written core and templates) and generated by scripts/generate-disguise-corpus.mjs; see README.md',
  generator: 'scripts/generate-disguise-corpus.mjs',
});
writeFileSync(
  new URL('disguises.json', DIR),
  `${JSON.stringify({ ...header('Forbidden terms in disguise, each case labelled with its term and classes'), terms: TERMS, cases }, null, 1)}\n`,
);
writeFileSync(
  new URL('benign.json', DIR),
  `${JSON.stringify({ ...header('Everyday replies that state nothing a forbidden term forbids'), sentences: benign }, null, 1)}\n`,
);
process.stderr.write(`wrote ${cases.length} disguise cases (${core.cases.length} hand-written), ${benign.length} benign sentences\n`);
