// Before every unit test file: the interface speaks English, as a page does
// once mountShell has loaded the reader's dictionary (i18n/index.ts).
import { useLanguage } from '../../src/i18n';

await useLanguage('en');
