import { BooleanInput, NumberInput, TextInput } from 'react-admin';
import { AiFunctionCostsSection } from '../../ai/admin/AiFunctionCostsSection';
import { omitUntouchedSecret, SecretInput } from './SecretInput';
import { SettingsPage } from './SettingsPage';

/** /admin/openai-settings: the AI features' switch, server and key (masked), model and limits; below, what each function costs. */
export function OpenAiSettingsPage() {
  return (
    <>
      <SettingsPage resource="openai-settings" title="Impostazioni di OpenAI" transform={omitUntouchedSecret('apiKey')}>
        <BooleanInput source="isEnabled" />
        <SecretInput source="apiKey" />
        <TextInput source="baseUrl" fullWidth helperText="Quello di OpenAI, oppure un server compatibile (Ollama, llama.cpp: es. http://localhost:11434/v1)." />
        <TextInput source="organizationId" fullWidth />
        <TextInput source="model" fullWidth />
        <NumberInput source="maxTokens" min={1} max={128000} step={1} />
        <NumberInput source="temperature" min={0} max={2} step={0.1} />
        <NumberInput source="timeoutSeconds" min={1} max={600} step={1} helperText="Oltre questo tempo la richiesta fallisce e i crediti tornano all’utente." />
        <NumberInput source="monthlyBudgetUsd" min={0} />
      </SettingsPage>
      <AiFunctionCostsSection />
    </>
  );
}
