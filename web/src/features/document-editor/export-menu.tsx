import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { EXPORT_REGISTRATION_REQUIRED, type DocumentDto, type ExportFormat, type PdfPageSize } from '@prd/proto';
import { ErrorCode } from '@prd/proto/error-codes';
import { Button, Dropdown } from 'antd';
import { normalizeError } from '../../shared/api/normalize-error';
import { useToast } from '../../shared/toast/toast';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import { exportFileName } from './export-file-name';

/** Saves a blob under a name, through a temporary link (works under the client's content security policy). */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The menu's download items: the format and, for a PDF, its page size. */
const MENU_DOWNLOADS: Record<string, [ExportFormat, PdfPageSize?]> = { markdown: ['markdown'], docx: ['docx'], 'pdf-a4': ['pdf', 'a4'], 'pdf-letter': ['pdf', 'letter'] };

interface Props {
  document: DocumentDto;
  /** The markdown as it is now (the live text): what "Copy markdown" copies. */
  contentNow: () => string;
}

/**
 * The editor's Export menu (docs/product.md §2, §5, §6): Markdown, Word and PDF (A4 or US Letter) downloads for registered users
 * ('Registration required' for guests), and copying the markdown to the clipboard.
 */
export function ExportMenu({ document: doc, contentNow }: Props) {
  const { user } = useCurrentUser();
  const toast = useToast();

  const download = async (format: ExportFormat, size?: PdfPageSize) => {
    if (!isRegistered(user)) {
      toast.error(EXPORT_REGISTRATION_REQUIRED.message, EXPORT_REGISTRATION_REQUIRED.description);
      return;
    }
    try {
      const response = await fetch(`/api/documents/${doc.id}/export/${format}${size ? `?size=${size}` : ''}`, { credentials: 'include' });
      if (!response.ok) {
        const error = normalizeError(response.status, response.statusText, await response.text());
        if (error.code === ErrorCode.ACCOUNT_REQUIRED) toast.error(EXPORT_REGISTRATION_REQUIRED.message, EXPORT_REGISTRATION_REQUIRED.description);
        else toast.error('Export failed', error.message);
        return;
      }
      saveBlob(await response.blob(), exportFileName(response.headers.get('content-disposition'), doc.title, format));
    } catch {
      toast.error('Export failed', 'The download could not be completed. Please try again.');
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(contentNow());
      toast.success('Copied', 'The markdown is on your clipboard.');
    } catch {
      toast.error('Copy failed', 'Your browser did not allow copying. Select the text and copy it instead.');
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the menu a person just opened takes the focus (WAI-ARIA menu button), so the arrow keys and Enter choose from it; without, the keyboard could not reach it
      autoFocus
      menu={{
        items: [
          { key: 'markdown', label: 'Download Markdown (.md)' },
          { key: 'docx', label: 'Download Word (.docx)' },
          { key: 'pdf-a4', label: 'Download PDF, A4 (.pdf)' },
          { key: 'pdf-letter', label: 'Download PDF, US Letter (.pdf)' },
          { type: 'divider' },
          { key: 'copy', label: 'Copy markdown' },
        ],
        onClick: ({ key }) => {
          const item = MENU_DOWNLOADS[key];
          void (item ? download(...item) : copy());
        },
      }}
    >
      <Button icon={<ExportOutlined aria-hidden />}>
        Export <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
