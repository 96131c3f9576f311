// Writes frontend/public/downloads/sme-ai-adoption-playbook.pdf: the playbook the site hands out.
// A plain PDF 1.4 built by hand (standard Helvetica fonts, no dependencies). Run: node scripts/generate-playbook-pdf.mjs
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const pages = [
  {
    title: 'The SME AI Adoption Playbook',
    subtitle: 'Northbeam  |  Less talk. More build. Zero Deck Thirsty',
    body: [
      'Most small and medium businesses do not need an AI strategy deck. They need one useful',
      'thing working in production within weeks, and a plan for the second and third.',
      '',
      'This playbook is the short version of how we run that with clients across ten industries:',
      'how to choose the first use case, prove it cheaply, keep it safe and lawful, and get your',
      'people to actually use it.',
      '',
      'Contents',
      '  1. Pick the first problem',
      '  2. Prototype in two weeks',
      '  3. Governance without the bureaucracy',
      '  4. Change that sticks',
      '  5. A 90-day plan you can start on Monday',
    ],
  },
  {
    title: '1. Pick the first problem',
    body: [
      'Score candidate use cases on four questions, one to five each:',
      '  - Frequency: how often does the task happen each week?',
      '  - Pain: how much time, money or error does it cost today?',
      '  - Data: is the information it needs already written down somewhere?',
      '  - Risk: what is the worst outcome if the system is wrong, and who would notice?',
      '',
      'Good first candidates score high on the first three and low on risk: drafting replies to',
      'routine enquiries, summarising reports, classifying documents, searching your own policies.',
      '',
      'Avoid, for now: anything that makes final decisions about people, money or safety without',
      'a person reviewing it. Start where a wrong answer costs a minute, not a customer.',
    ],
  },
  {
    title: '2. Prototype in two weeks',
    body: [
      'Week one: collect twenty real examples of the task with the answer a good employee would',
      'give. This is your test set; without it you cannot tell progress from demos.',
      '',
      'Week two: build the thinnest version that runs on those examples, measure it against the',
      'test set, and put it in front of the three people who do the task today.',
      '',
      'Decide with numbers: if it is right often enough to save time after review, continue.',
      'If not, change the approach or the use case - two weeks lost, not six months.',
    ],
  },
  {
    title: '3. Governance without the bureaucracy',
    body: [
      '  - Keep a one-page register: what each AI system does, its data, its owner, its review.',
      '  - Check your data protection basis under UK GDPR before personal data goes anywhere.',
      '  - Prefer providers that do not train on your data, and write that into the contract.',
      '  - Log inputs and outputs for systems that touch customers, and review a sample monthly.',
      '  - Agree in advance what "too many errors" means and who can switch the system off.',
      '',
      'None of this needs a committee. It needs an owner and thirty minutes a month.',
    ],
  },
  {
    title: '4. Change that sticks',
    body: [
      'Tools fail when people route around them. Involve the people who do the work from day',
      'one; they know the exceptions that break naive automation.',
      '',
      'Train on real tasks, not features. Celebrate the time saved and reinvest part of it where',
      'the team can see it. Make it easy to report a bad answer and show that reports lead to fixes.',
    ],
  },
  {
    title: '5. A 90-day plan you can start on Monday',
    body: [
      'Days 1-10: list and score ten candidate tasks; pick one; collect twenty examples.',
      'Days 11-25: prototype, measure, show it to the people who will use it.',
      'Days 26-60: harden the winner: access control, logging, review, a simple guide.',
      'Days 61-90: roll out to the whole team, measure time saved, choose use case number two.',
      '',
      'Want help with any step? Northbeam consultants build alongside your team, with NDAs on',
      'day one and a reply within 48 hours. Write to hello@northbeam.example.',
    ],
  },
];

const escape = (text) => text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');

function pageStream(page, number) {
  const lines = [];
  lines.push('0.04 0.06 0.12 rg 0 762 612 30 re f');
  lines.push('BT /F2 11 Tf 1 1 1 rg 56 772 Td (Northbeam) Tj ET');
  lines.push(`BT /F1 9 Tf 0.29 0.32 0.44 rg 500 40 Td (Page ${number} of ${pages.length}) Tj ET`);
  lines.push(
    `BT /F2 ${number === 1 ? 26 : 20} Tf 0.04 0.06 0.12 rg 56 ${number === 1 ? 660 : 700} Td (${escape(page.title)}) Tj ET`,
  );
  let y = number === 1 ? 620 : 664;
  if (page.subtitle) {
    lines.push(`BT /F1 12 Tf 0.18 0.29 1 rg 56 ${y + 8} Td (${escape(page.subtitle)}) Tj ET`);
    y -= 28;
  }
  for (const line of page.body) {
    if (line) lines.push(`BT /F1 11.5 Tf 0.1 0.12 0.2 rg 56 ${y} Td (${escape(line)}) Tj ET`);
    y -= 18;
  }
  return lines.join('\n');
}

const objects = [];
const add = (content) => objects.push(content) && objects.length;
const catalog = add('');
const pagesObject = add('');
const fontRegular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
const fontBold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
const pageIds = pages.map((page, index) => {
  const stream = pageStream(page, index + 1);
  const contents = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  return add(
    `<< /Type /Page /Parent ${pagesObject} 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R /Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> >> >>`,
  );
});
objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObject} 0 R >>`;
objects[pagesObject - 1] =
  `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
const info = add('<< /Title (The SME AI Adoption Playbook) /Author (Northbeam) >>');

let pdf = '%PDF-1.4\n';
const offsets = [];
objects.forEach((content, index) => {
  offsets.push(Buffer.byteLength(pdf, 'latin1'));
  pdf += `${index + 1} 0 obj\n${content}\nendobj\n`;
});
const xref = Buffer.byteLength(pdf, 'latin1');
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

const target = path.resolve(import.meta.dirname, '../frontend/public/downloads/sme-ai-adoption-playbook.pdf');
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, pdf, 'latin1');
console.log(`Wrote ${target} (${pages.length} pages)`);
