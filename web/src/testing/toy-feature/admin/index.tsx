import BuildIcon from '@mui/icons-material/Build';
import ToysIcon from '@mui/icons-material/Toys';
import type { FeatureAdmin } from '../../../app/feature';
import ToyPage from '../ToyPage';

/** The toy feature's back office: a resource, a screen with its menu entry, their Italian names. */
export const admin: FeatureAdmin = {
  resources: [{ name: 'toys', place: 115, list: ToyPage, show: ToyPage, icon: ToysIcon, recordRepresentation: 'name' }],
  pages: [{ path: '/toy-workshop', page: ToyPage, menu: { place: 45, label: 'Laboratorio', icon: <BuildIcon /> } }],
  messages: {
    resources: { toys: { name: 'Giocattolo |||| Giocattoli', fields: { name: 'Nome', colour: 'Colore' } } },
    toys: { workshopOpen: 'Laboratorio aperto' },
  },
};
