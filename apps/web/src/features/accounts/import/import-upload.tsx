import { t } from '@lingui/core/macro';
import { IMPORT_MAX_CHARS } from '@portal/contracts/account-imports';
import { IMPORT_MSG, IMPORT_TEMPLATE } from '@portal/contracts/account-import-messages';
import { DownloadIcon, UploadIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useUploadImport } from './import-api';

/** The byte order mark a spreadsheet program writes first: the server reads it too, but not twice. */
const TEMPLATE = new Blob(['\ufeff', IMPORT_TEMPLATE, '\r\n'], { type: 'text/csv;charset=utf-8' });

/**
 * Choose a CSV file and check it: the server answers a dry run, shown below, and creates nothing.
 * A file over the limit is refused here, before it is sent.
 */
export function ImportUpload({ onChecked }: { onChecked: (id: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = useUploadImport();

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!file) return setError(IMPORT_MSG.fileRequired);
    if (file.size > IMPORT_MAX_CHARS) return setError(IMPORT_MSG.tooLarge);
    upload.mutate(
      { fileName: file.name, csv: await file.text() },
      {
        onSuccess: (checked) => onChecked(checked.id),
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : t`The file could not be checked. Please try again.`),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t`Upload a CSV file`}</CardTitle>
        <CardDescription>
          {t`Its first line names the columns Name and Email, and if you wish Role (User or Admin; User when empty), Pool (one of your shared pools; Individual when empty) and Products to allocate, such as MBX=5; ARC=2. At most 10,000 rows and 5 MB. The Users export imports as it is.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(event) => void check(event)} noValidate>
          <FormField label={t`CSV file`} error={error} description={t`Nothing is created until you apply the import.`}>
            <Input
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(undefined);
              }}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <SubmitButton busy={upload.isPending} busyText={t`Checking...`}>
              <UploadIcon aria-hidden />
              {t`Check file`}
            </SubmitButton>
            <Button type="button" variant="outline" onClick={() => saveFile(TEMPLATE, 'users-import-template.csv')}>
              <DownloadIcon aria-hidden />
              {t`Download template`}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
