import type {
  ClinicalDocument,
  IssueClinicalDocument,
} from '@vizita/shared/contracts/clinical-documents';
import { errorKey } from '../../../lib/api-client';
import { useCorrectClinicalDocument } from '../api/correct-clinical-document';
import { useIssueClinicalDocument } from '../api/issue-clinical-document';
import { CLINICAL_DOCUMENT_ERROR_KEYS } from '../utils/clinical-document-errors';

/**
 * The submit of a document's dialog: a new document (POST) or, when `document` is given, its
 * correction (PUT, the next version); and the refusal to show, as a key of `clinicalDocuments`.
 */
export function useSubmitClinicalDocument(appointmentId: string, document?: ClinicalDocument) {
  const issue = useIssueClinicalDocument();
  const correct = useCorrectClinicalDocument();
  const action = document ? correct : issue;
  return {
    submit: (request: IssueClinicalDocument) =>
      document
        ? correct.mutateAsync({ appointmentId, documentId: document._id, request })
        : issue.mutateAsync({ appointmentId, request }),
    errorKey: action.isError
      ? errorKey(
          action.error,
          CLINICAL_DOCUMENT_ERROR_KEYS,
          document ? 'errors.correctFailed' : 'errors.issueFailed',
        )
      : undefined,
    reset: () => {
      issue.reset();
      correct.reset();
    },
  };
}
