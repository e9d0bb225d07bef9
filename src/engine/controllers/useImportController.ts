import { useState } from 'react';
import type { PageSchema } from '../../shared/schema/types';
import type { ApiError } from '../../client/envelope';
import { opsApi, type ImportReport } from '../data/opsApi';

export type ImportPhase = 'pick' | 'checking' | 'checked' | 'importing';

/**
 * Import in two steps: the file is checked first (a dry run answering every problem with its row
 * and column), and only a file without problems can be imported, all rows at once.
 */
export function useImportController(page: PageSchema, onImported: (count: number) => void, onClose: () => void) {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<ImportPhase>('pick');
  const [progress, setProgress] = useState(0);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setPhase(dryRun ? 'checking' : 'importing');
    setProgress(0);
    setError(null);
    try {
      const answer = await opsApi.importFile(page.id, file, dryRun, setProgress);
      if (dryRun) {
        setReport(answer);
        setPhase('checked');
      } else {
        onImported(answer.imported ?? answer.rows);
        onClose();
      }
    } catch (e) {
      const err = e as ApiError;
      const data = err.data as ImportReport | null;
      if (data && Array.isArray(data.errors)) setReport(data);
      setError(err.message);
      setPhase(data && Array.isArray(data.errors) ? 'checked' : 'pick');
    }
  };

  return {
    file,
    phase,
    progress,
    report,
    error,
    busy: phase === 'checking' || phase === 'importing',
    /** Checked, and every row is valid: the import may go. */
    clean: report !== null && report.errors.length === 0 && report.valid === report.rows && report.rows > 0,
    pick: (f: File) => {
      setFile(f);
      setReport(null);
      setError(null);
      setPhase('pick');
    },
    drop: () => {
      setFile(null);
      setReport(null);
      setPhase('pick');
    },
    check: () => send(true),
    commit: () => send(false),
    template: (format: 'xlsx' | 'csv') => opsApi.importTemplate(page.id, format),
  };
}
