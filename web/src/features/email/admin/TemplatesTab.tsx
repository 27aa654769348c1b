import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  Toolbar,
  required,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { renderEmail, templateVariables } from '@pure/email/render';
import { samplesFor } from '@pure/email/template-samples';
import { labelOf } from '../../../admin/shared/choices';
import { ItalianDateField } from '../../../admin/shared/fields';
import { useIsSmall } from '../../../admin/shared/useIsSmall';
import { helperRoom } from '../../../admin/shared/screens';
import { templateTypeChoices } from './labels';
import type { EmailTemplate } from '@contracts/email';

/** The form's template as it is now, rendered as the sender would with example values. */
function TemplatePreview() {
  const [subject = '', htmlContent = '', textContent = ''] = useWatch({ name: ['subject', 'htmlContent', 'textContent'] }) as (string | undefined)[];
  const template = { subject, htmlContent, textContent };
  const variables = templateVariables(template);
  const data = samplesFor(variables);
  const rendered = renderEmail(template, data);
  return (
    <Box component="section" aria-label="Anteprima" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        Anteprima
      </Typography>
      <Typography variant="body2">
        <strong>Oggetto:</strong> {rendered.subject || '—'}
      </Typography>
      {/* No scripts, no forms, no same origin: the template's HTML cannot reach the admin's session. */}
      <Box
        component="iframe"
        title="Anteprima HTML"
        sandbox=""
        srcDoc={rendered.html}
        sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
      />
      <Box
        component="pre"
        aria-label="Anteprima del testo semplice"
        sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 13 }}
      >
        {rendered.text}
      </Box>
      <Typography variant="subtitle2" component="h3">
        Variabili e dati di esempio
      </Typography>
      {variables.length ? (
        <Table size="small" aria-label="Variabili del modello">
          <TableHead>
            <TableRow>
              <TableCell>Variabile</TableCell>
              <TableCell>Esempio</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {variables.map((name) => (
              <TableRow key={name}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{`{{${name}}}`}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{String(data[name])}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Il modello non usa variabili.
        </Typography>
      )}
    </Box>
  );
}

/** The form beside its live preview (one above the other on a phone). */
function TemplateForm({ toolbar }: { toolbar: ReactNode }) {
  return (
    <SimpleForm toolbar={toolbar as never} sx={{ '& > .MuiStack-root, &': { width: '100%' } }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3, width: '100%' }}>
        <Box sx={{ minWidth: 0 }}>
          <TextInput source="name" fullWidth validate={required()} helperText="Lettere minuscole, cifre e trattini; i messaggi lo usano per trovarlo." />
          <TextInput source="subject" fullWidth validate={required()} />
          <SelectInput source="templateType" choices={templateTypeChoices} />
          <BooleanInput source="isActive" />
          <TextInput
            source="htmlContent"
            fullWidth
            multiline
            minRows={8}
            maxRows={20}
            validate={required()}
            helperText="{{variabile}} è il suo valore; {{#variabile}}…{{/variabile}} si vede solo se ha un valore."
          />
          <TextInput source="textContent" fullWidth multiline minRows={6} maxRows={16} validate={required()} />
        </Box>
        <TemplatePreview />
      </Box>
    </SimpleForm>
  );
}

const back = (onDone: () => void) => (
  <Button startIcon={<ArrowBackIcon />} onClick={onDone} sx={{ alignSelf: 'flex-start', mb: 1 }}>
    Torna ai modelli
  </Button>
);

/** `id` is a template's, or 'new' for one not written yet. */
function TemplateEditor({ id, onDone }: { id: string; onDone: () => void }) {
  if (id === 'new') {
    return (
      <>
        {back(onDone)}
        <Create
          resource="email-templates"
          title="E-mail"
          sx={helperRoom}
          redirect={false}
          mutationOptions={{ onSuccess: onDone }}
          record={{ isActive: true, templateType: 'transactional', htmlContent: '', textContent: '' }}
        >
          <TemplateForm
            toolbar={
              <Toolbar>
                <SaveButton />
              </Toolbar>
            }
          />
        </Create>
      </>
    );
  }
  return (
    <>
      {back(onDone)}
      <Edit resource="email-templates" id={id} title="E-mail" sx={helperRoom} redirect={false} mutationMode="pessimistic" mutationOptions={{ onSuccess: onDone }} actions={false}>
        <TemplateForm
          toolbar={
            <Toolbar sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <SaveButton />
              <DeleteButton
                mutationMode="pessimistic"
                redirect={false}
                mutationOptions={{ onSuccess: onDone }}
                confirmTitle="Eliminare il modello?"
                confirmContent="Le e-mail che lo usano non partiranno più finché non ne crei uno con lo stesso nome."
              />
            </Toolbar>
          }
        />
      </Edit>
    </>
  );
}

/** Tab "Modelli": the templates, each opened beside its live preview; a new one from the same form. */
export function TemplatesTab() {
  const isSmall = useIsSmall();
  const [editing, setEditing] = useState<string | null>(null);
  const edit = useMemo(
    () => (id: Identifier) => {
      setEditing(String(id));
      return false as const;
    },
    [],
  );
  if (editing) return <TemplateEditor id={editing} onDone={() => setEditing(null)} />;
  return (
    <List
      resource="email-templates"
      title="E-mail"
      sort={{ field: 'name', order: 'ASC' }}
      exporter={false}
      disableSyncWithLocation
      storeKey="email-templates-tab"
      actions={
        <Box sx={{ p: 1 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Nuovo modello
          </Button>
        </Box>
      }
    >
      {isSmall ? (
        <SimpleList<EmailTemplate>
          primaryText={(t) => t.name}
          secondaryText={(t) => t.subject}
          tertiaryText={(t) => `${labelOf(templateTypeChoices, t.templateType)}${t.isActive ? '' : ' · disattivo'}`}
          rowClick={edit}
          sx={{ '& .MuiListItemText-secondary': { overflowWrap: 'anywhere' } }}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={edit}>
          <TextField source="name" />
          <TextField source="subject" />
          <FunctionField source="templateType" render={(t: RaRecord) => labelOf(templateTypeChoices, t.templateType)} />
          <BooleanField source="isActive" />
          <ItalianDateField source="updatedAt" dayOnly />
          <FunctionField
            label="Azioni"
            render={(t: RaRecord) => (
              <Button
                size="small"
                startIcon={<EditIcon />}
                onClick={(e) => {
                  e.stopPropagation();
                  edit(t.id);
                }}
              >
                Modifica
              </Button>
            )}
          />
        </Datagrid>
      )}
    </List>
  );
}
