import { Suggestions } from './suggestions';
import '@chirp/ui/styles.css';
import '../../components/side-panel.css';

/**
 * The suggestions, for Home's empty Following list: the side panel's list and calls, under a heading
 * of its own (the side panel's 'Suggestions for you' is on the same page on a desktop).
 */
export default function WhoToFollow() {
  return (
    <div className="who-to-follow card">
      <Suggestions heading="Who to follow" />
    </div>
  );
}
