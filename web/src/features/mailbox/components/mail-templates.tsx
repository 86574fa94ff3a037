import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  mailAudience,
  mailKindLabel,
  mailTemplateSchema,
  type Mail,
  type MailTemplate,
  type MailTemplatePreview,
  type MailTemplateText,
  type TemplatedMailKind,
} from '@sprocket/contract';
import { Form, useFormikContext } from 'formik';
import { useSnackbar } from 'notistack';
import { useDeferredValue, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { SchemaFormik } from '../../../components/form/schema-formik.js';
import { SubmitButton } from '../../../components/form/submit-button.js';
import { TitledSection } from '../../../components/layout/titled-section.js';
import { isNotFoundError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useLoaded } from '../../../lib/use-loaded.js';
import { useMailTemplatePreview } from '../api/get-mail-templates.js';
import { useResetMailTemplate, useSaveMailTemplate } from '../api/save-mail-template.js';
import { MailView } from './mailbox.js';

const loadRenderer = () =>
  import('@sprocket/contract/mail-render').then(({ renderMailTemplate }) => renderMailTemplate);

/** The placeholders this mail may use, each with what it says. */
function Placeholders({ template }: { template: MailTemplate }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
        fontSize: 14,
        '& dt': { fontFamily: 'monospace', fontWeight: 700, overflowWrap: 'anywhere' },
        '& dd': { m: 0, mb: { xs: 1, sm: 0 }, color: 'text.secondary' },
      }}
    >
      {template.placeholders.map(({ name, description }) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <dt>{`{{${name}}}`}</dt>
          <dd>{description}</dd>
        </Box>
      ))}
    </Box>
  );
}

/** Who reads the mail, as the preview says it. */
const readerOf = (kind: TemplatedMailKind) =>
  mailAudience(kind) === 'customer' ? 'its customer' : 'the shop';

/** What the preview's values come from. */
function previewedWith(kind: TemplatedMailKind, preview: MailTemplatePreview): string {
  if (preview.orderNumber !== undefined) {
    return `With order ${preview.orderNumber}, as ${readerOf(kind)} would read it. Not sent.`;
  }
  return preview.contactMessageId !== undefined
    ? 'With the latest contact message, as the shop would read it. Not sent.'
    : 'With a sample message: the shop has had none yet. Not sent.';
}

/**
 * The draft as its reader will read it, with a real order's values (the contact message's mail:
 * the latest message's): the renderer the API mails with (contract/src/mail/mail-render.ts),
 * loaded with this screen only, a moment behind the typing.
 */
function Preview({ kind }: { kind: TemplatedMailKind }) {
  const { values } = useFormikContext<MailTemplateText>();
  const draft = useDeferredValue(values);
  const [typed, setTyped] = useState('');
  const [order, setOrder] = useState('');
  const preview = useMailTemplatePreview(kind, order);
  const render = useLoaded(loadRenderer);
  const mail = useMemo(
    () =>
      preview.data && render
        ? previewMail(kind, preview.data, render(draft, preview.data.values))
        : null,
    [kind, preview.data, render, draft],
  );
  return (
    <TitledSection title="Preview">
      {kind !== 'shop_contact_message' && (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
          onSubmit={(event) => {
            event.preventDefault();
            setOrder(typed.trim());
          }}
        >
          <TextField
            label="Order number"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            helperText="Empty: the latest order"
            size="small"
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined" sx={{ minHeight: 40 }}>
            Preview with this order
          </Button>
        </Stack>
      )}
      {preview.isError ? (
        <Alert severity="warning">
          {isNotFoundError(preview.error)
            ? order
              ? `No order ${order}: check the number on All Orders.`
              : 'The shop has no order yet: the preview needs one.'
            : errorMessage(preview.error)}
        </Alert>
      ) : mail && preview.data ? (
        <>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
            {previewedWith(kind, preview.data)}
          </Typography>
          <MailView mail={mail} />
        </>
      ) : (
        <Typography color="textSecondary">Loading the preview…</Typography>
      )}
    </TitledSection>
  );
}

/** The preview as a mail of the Mailbox: to whom the real one goes, now. */
const previewMail = (
  kind: TemplatedMailKind,
  preview: MailTemplatePreview,
  message: Mail['message'],
): Mail => ({
  _id: 'preview',
  to: preview.to,
  message,
  kind,
  about: preview.orderNumber ?? preview.contactMessageId ?? 'sample',
  createdAt: new Date().toISOString(),
});

/** One mail's words: subject and body checked as typed by the API's rule, Save, Reset to default. */
function TemplateForm({ template }: { template: MailTemplate }) {
  const save = useSaveMailTemplate();
  const reset = useResetMailTemplate();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const schema = useMemo(() => mailTemplateSchema(template.kind), [template.kind]);
  const label = mailKindLabel[template.kind];
  return (
    <SchemaFormik<MailTemplateText>
      schema={schema}
      initialValues={{ subject: template.subject, body: template.body }}
      enableReinitialize
      onSubmit={async (values) => {
        try {
          await save.mutateAsync({ kind: template.kind, text: schema.cast(values) });
          enqueueSnackbar('Mail template saved', { variant: 'success' });
        } catch {
          // The toast says why; what was typed stays.
        }
      }}
    >
      {({ isSubmitting, isValid }) => (
        // Words, Preview, Placeholders on a phone; on a wide screen the preview beside the other two.
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          <TitledSection title="Words">
            <Form noValidate>
              <Stack spacing={2.5}>
                <Chip
                  label={template.custom ? 'Your words' : 'Default words'}
                  color={template.custom ? 'primary' : 'default'}
                  sx={{ alignSelf: 'flex-start' }}
                />
                <FormTextField name="subject" label="Subject" required />
                <FormTextField
                  name="body"
                  label="Body"
                  required
                  multiline
                  minRows={10}
                  helperText="Markdown: **bold**, *italic*, [a link](https://…), - a list. A blank line starts a paragraph."
                  slotProps={{ htmlInput: { sx: { fontFamily: 'monospace', fontSize: 14 } } }}
                />
                <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
                  <SubmitButton disabled={!isValid || isSubmitting} loading={isSubmitting}>
                    Save
                  </SubmitButton>
                  <Button
                    variant="outlined"
                    color="error"
                    size="large"
                    disabled={!template.custom}
                    onClick={() => setConfirming(true)}
                  >
                    Reset to default
                  </Button>
                </Stack>
              </Stack>
            </Form>
          </TitledSection>
          <Box sx={{ gridColumn: { lg: 2 }, gridRow: { lg: '1 / span 2' } }}>
            <Preview kind={template.kind} />
          </Box>
          <TitledSection title="Placeholders">
            <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
              Each is replaced by the mail&apos;s own words. A paragraph with a link the mail does
              not have is left out.
            </Typography>
            <Placeholders template={template} />
          </TitledSection>
          <ConfirmDialog
            open={confirming}
            title={`Reset “${label}” to the default?`}
            confirmLabel="Reset"
            busy={reset.isPending}
            onClose={() => setConfirming(false)}
            onConfirm={async () => {
              try {
                await reset.mutateAsync(template.kind);
                enqueueSnackbar('Mail template reset to the default', { variant: 'success' });
              } finally {
                setConfirming(false);
              }
            }}
          >
            The mail goes back to the shop&apos;s default subject and body. Your words are not kept.
          </ConfirmDialog>
        </Box>
      )}
    </SchemaFormik>
  );
}

const AUDIENCES = [
  { audience: 'customer', title: 'To customers' },
  { audience: 'shop', title: 'To the shop' },
] as const;

/**
 * Mail templates (docs/product.md §2.36): pick a mail, to customers or the shop's note to itself,
 * edit its subject and body with the placeholders it may use, preview it with a real order, save,
 * or reset it to the default.
 */
export function MailTemplates({ templates }: { templates: MailTemplate[] }) {
  const [kind, setKind] = useState(templates[0]?.kind);
  const template = templates.find((each) => each.kind === kind);
  // The Select takes its options as an array: each group's heading, then its mails.
  const options = AUDIENCES.flatMap(({ audience, title }) => [
    <ListSubheader key={audience}>{title}</ListSubheader>,
    ...templates
      .filter((each) => mailAudience(each.kind) === audience)
      .map((each) => (
        <MenuItem key={each.kind} value={each.kind}>
          {mailKindLabel[each.kind]}
          {each.custom ? ' · your words' : ''}
        </MenuItem>
      )),
  ]);
  return (
    <Stack spacing={3}>
      <TextField
        select
        label="Mail"
        value={kind ?? ''}
        onChange={(event) => setKind(event.target.value as TemplatedMailKind)}
        sx={{ maxWidth: { sm: 420 } }}
      >
        {options}
      </TextField>
      {template && <TemplateForm key={template.kind} template={template} />}
    </Stack>
  );
}
