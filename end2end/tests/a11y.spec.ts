// Accessibility: axe-core (from npm, injected into the page) finds no
// serious or critical violation on any public page, in either language.
// Pages that need data of their own (a comparison of two submissions, the
// MedArabiQ chart) are audited by their specs with the same helper.
import { auditPages } from './axe';

const pages = [
  '/', '/quality', '/adapting', '/dataset', '/submit', '/register', '/signin', '/upload', '/team',
  '/compare', '/medarabiq',
];

auditPages([
  ...pages.flatMap((p) => [p, `${p}?lang=ar`]),
  // The board filtered (its filter form and a shorter table).
  '/?q=gpt',
]);
