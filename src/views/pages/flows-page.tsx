import { subscribeLiveActors } from '../../services/inspect-bridge';
import { FlowsView } from './flows/flows-view';
import './flows/flows.css';

/** /flows: the machines of the app as diagrams, with simulation, the path coverage overlay and live mode. */
export default function FlowsPage({ title }: { title: string }) {
  return <FlowsView title={title} liveSource={subscribeLiveActors} />;
}
