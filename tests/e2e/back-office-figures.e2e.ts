// The back office's whole-site figures on the 'pristine' server (tests/e2e/global-setup.ts): the seed's
// data, nothing configured. These journeys read figures that the later ones change (the dashboard's 121
// lawyers; the reports' leads; the financial tab's revenue; a landing page's two lawyers; the leads
// list, which then deletes the demo lawyer), so they run as one file, in this order, readers before
// writers, while the other files run beside it on the shared server.
import './pristine/admin';
import './pristine/admin-reports';
import './pristine/admin-lawyers';
import './pristine/landing-pages';
import './pristine/admin-leads';
