// The build copies uPlot's ES module here (scripts/copy-dashboard-vendor.mjs): the page loads it from this server,
// as the Content-Security-Policy requires. Its types are the package's own.
import uPlot from 'uplot';
export default uPlot;
