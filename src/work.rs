//! Work done in bounded steps: the computer's decisions and the autosave's
//! writes. Cut into steps, the same work can run on a thread of its own
//! or, where there are no threads (a browser), one step at a time between
//! frames (the app's `Scheduler` does either).

/// A piece of work that goes on one bounded step at a time.
pub trait Work {
    type Output;

    /// Does the next step: the result once the work is done, else `None`
    /// and there is more to do.
    fn step(&mut self) -> Option<Self::Output>;

    /// Does every step that is left.
    fn finish(mut self) -> Self::Output
    where
        Self: Sized,
    {
        loop {
            if let Some(output) = self.step() {
                return output;
            }
        }
    }
}
