import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  Edit,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  SaveButton,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  Toolbar,
  required,
  type RaRecord,
} from 'react-admin';
import { useIsSmall } from '../../../admin/shared/useIsSmall';
import type { AiFunctionCost } from '@contracts/ai';

/** One function's cost and description, in a dialog: the change applies from the next call. */
function CostEditor({ id, onDone }: { id: string; onDone: () => void }) {
  return (
    <Dialog open onClose={onDone} fullWidth maxWidth="sm">
      <DialogTitle>Costo della funzione AI</DialogTitle>
      <DialogContent>
        <Edit resource="ai-function-costs" id={id} title={false} redirect={false} mutationMode="pessimistic" mutationOptions={{ onSuccess: onDone }} actions={false}>
          <SimpleForm
            toolbar={
              <Toolbar sx={{ gap: 1 }}>
                <SaveButton />
                <Button onClick={onDone}>Annulla</Button>
              </Toolbar>
            }
          >
            <TextInput source="functionName" disabled fullWidth helperText="L’indirizzo della funzione: /api/ai/<nome>." />
            <NumberInput source="creditsCost" min={0} max={1000} step={1} validate={required()} helperText="Vale dalla prossima richiesta; 0 la rende gratuita." />
            <TextInput source="description" fullWidth multiline />
          </SimpleForm>
        </Edit>
      </DialogContent>
    </Dialog>
  );
}

/** The AI functions and what each costs in credits (spec §3 ai_function_costs), below the OpenAI settings. */
export function AiFunctionCostsSection() {
  const isSmall = useIsSmall();
  const [editing, setEditing] = useState<string | null>(null);
  const edit = (record: RaRecord) => setEditing(String(record.id));
  return (
    <Box component="section" aria-labelledby="ai-costs-title" sx={{ mt: 3, maxWidth: 960 }}>
      <Typography id="ai-costs-title" variant="h6" component="h2">
        Costo delle funzioni AI
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Ogni richiesta all’AI tiene i crediti della funzione e li addebita solo se il modello risponde.
      </Typography>
      <List
        resource="ai-function-costs"
        title={false}
        sort={{ field: 'functionName', order: 'ASC' }}
        exporter={false}
        disableSyncWithLocation
        storeKey="ai-function-costs-section"
        actions={false}
        perPage={25}
      >
        {isSmall ? (
          <SimpleList<AiFunctionCost>
            primaryText={(r) => r.functionName}
            secondaryText={(r) => r.description}
            tertiaryText={(r) => `${r.creditsCost} ${r.creditsCost === 1 ? 'credito' : 'crediti'}`}
            rowClick={(id) => {
              setEditing(String(id));
              return false;
            }}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="functionName" />
            <TextField source="description" />
            <NumberField source="creditsCost" />
            <FunctionField
              label="Azioni"
              render={(r: RaRecord) => (
                <Button size="small" startIcon={<EditIcon />} onClick={() => edit(r)}>
                  Modifica
                </Button>
              )}
            />
          </Datagrid>
        )}
      </List>
      {editing && <CostEditor id={editing} onDone={() => setEditing(null)} />}
    </Box>
  );
}
