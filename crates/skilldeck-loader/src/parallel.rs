//! Scanning several roots on several threads, with exactly the result of scanning them one by
//! one.
//!
//! Two phases, each spread over scoped threads that take work from a shared counter:
//!
//! 1. every root is walked (one root per task; a walk is sequential by nature, it is
//!    breadth-first with limits that depend on the order);
//! 2. the `SKILL.md` candidates are read and parsed (small batches per task) a group of
//!    consecutive roots at a time, so one big root is shared out as well as many small ones,
//!    while the results waiting for their root to be finished stay few.
//!
//! Each task's result is stored under its index and the roots are finished in candidate order,
//! so scheduling can change the time taken but never a byte of the result.
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use skilldeck_model::SkillRoot;

use crate::LoaderOptions;
use crate::scan::{PreparedRoot, RootScan};

/// Candidates handed to a thread at a time: enough to make the shared counter cheap, few enough
/// to balance a load where some files are much larger than others.
const BATCH: usize = 16;

/// Below this many candidates in total, threads cost more than they save.
const MIN_PARALLEL_CANDIDATES: usize = 2 * BATCH;

/// Candidates loaded before their roots are finished (see [`scan_roots`]).
const GROUP_CANDIDATES: usize = 2_048;

/// Most threads worth starting: the work is short system calls on a warm cache.
const MAX_THREADS: usize = 8;

/// The thread count [`scan_roots`] uses by default: the available parallelism, at most 8.
pub fn default_scan_threads() -> NonZeroUsize {
    thread::available_parallelism().map_or(NonZeroUsize::MIN, |n| {
        n.min(NonZeroUsize::new(MAX_THREADS).unwrap_or(n))
    })
}

/// Scans `roots` with up to `threads` threads and returns one [`RootScan`] per root, in the
/// order given: the same values as `roots.iter().map(|root| scan_root(root, options))`, whatever
/// the thread count or scheduling. With one thread, nothing is spawned.
///
/// ```
/// use std::num::NonZeroUsize;
/// use skilldeck_loader::{LoaderOptions, scan_root, scan_roots};
/// use skilldeck_model::{Scope, SkillRoot};
///
/// let dir = tempfile::tempdir().unwrap();
/// for name in ["a", "b", "c"] {
///     let skill = dir.path().join(name);
///     std::fs::create_dir(&skill).unwrap();
///     std::fs::write(skill.join("SKILL.md"), format!("---\nname: {name}\ndescription: d\n---\n"))
///         .unwrap();
/// }
/// let roots = [SkillRoot::new(dir.path(), Scope::REPO)];
/// let options = LoaderOptions::default();
/// let parallel = scan_roots(&roots, &options, NonZeroUsize::new(4).unwrap());
/// assert_eq!(parallel, vec![scan_root(&roots[0], &options)]);
/// assert_eq!(parallel[0].skills.len(), 3);
/// ```
pub fn scan_roots(
    roots: &[SkillRoot],
    options: &LoaderOptions,
    threads: NonZeroUsize,
) -> Vec<RootScan> {
    let threads = threads.get();
    let prepared: Vec<PreparedRoot<'_>> = run_chunks(roots.len(), threads, 1, &|index| {
        PreparedRoot::walk(&roots[index], options)
    })
    .collect();

    // Candidates are loaded a group of roots at a time: enough candidates to keep every thread
    // busy across small roots, few enough that the results waiting to be finished stay small
    // (holding every skill twice would double the peak memory of a very large load).
    let mut scans = Vec::with_capacity(prepared.len());
    let mut group = Vec::new();
    let mut group_candidates = 0;
    for root in prepared {
        group_candidates += root.candidate_count();
        group.push(root);
        if group_candidates >= GROUP_CANDIDATES {
            scans.extend(load_group(std::mem::take(&mut group), threads));
            group_candidates = 0;
        }
    }
    scans.extend(load_group(group, threads));
    scans
}

/// Loads every candidate of `group` (consecutive roots) on up to `threads` threads and finishes
/// the roots in order.
fn load_group(group: Vec<PreparedRoot<'_>>, threads: usize) -> Vec<RootScan> {
    // One job per candidate, numbered root by root.
    let starts: Vec<usize> = group
        .iter()
        .scan(0, |next, root| {
            let start = *next;
            *next += root.candidate_count();
            Some(start)
        })
        .collect();
    let total: usize = group.iter().map(PreparedRoot::candidate_count).sum();
    let load_threads = if total < MIN_PARALLEL_CANDIDATES {
        1
    } else {
        threads.min(total.div_ceil(BATCH))
    };
    let mut loaded = run_chunks(total, load_threads, BATCH, &|job| {
        // The root holding job `job`: the last one starting at or before it.
        let root = starts.partition_point(|&start| start <= job) - 1;
        group[root].load(job - starts[root])
    });
    group
        .into_iter()
        .map(|root| {
            let count = root.candidate_count();
            root.finish(loaded.by_ref().take(count))
        })
        .collect()
}

/// The results of `task` for `0..count`, in index order, computed by up to `threads` threads
/// (the calling one included) that claim `chunk` consecutive indices at a time.
///
/// Results stay in their chunks and are handed out lazily, a chunk's memory being freed once
/// it is consumed: the caller moves each result elsewhere, and holding all of them twice would
/// double the peak memory of a large load.
fn run_chunks<T: Send>(
    count: usize,
    threads: usize,
    chunk: usize,
    task: &(impl Fn(usize) -> T + Sync),
) -> Pieces<T> {
    let threads = threads.min(count.div_ceil(chunk));
    let compute = |start: usize| -> (usize, Vec<T>) {
        (
            start,
            (start..(start + chunk).min(count)).map(task).collect(),
        )
    };
    let mut chunks: Vec<(usize, Vec<T>)> = if threads <= 1 {
        (0..count).step_by(chunk).map(compute).collect()
    } else {
        let next = AtomicUsize::new(0);
        let work = || {
            let mut done = Vec::with_capacity(count.div_ceil(chunk) / threads + 1);
            loop {
                let start = next.fetch_add(chunk, Ordering::Relaxed);
                if start >= count {
                    break done;
                }
                done.push(compute(start));
            }
        };
        thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
            let mut all = work();
            for helper in helpers {
                match helper.join() {
                    Ok(done) => all.extend(done),
                    // A task panicked on a helper thread: surface it here, as a sequential
                    // scan would have.
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            all
        })
    };
    chunks.sort_unstable_by_key(|(start, _)| *start);
    Pieces {
        chunks: chunks.into_iter(),
        current: Vec::new().into_iter(),
    }
}

/// The results of [`run_chunks`] in index order.
struct Pieces<T> {
    chunks: std::vec::IntoIter<(usize, Vec<T>)>,
    current: std::vec::IntoIter<T>,
}

impl<T> Iterator for Pieces<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        loop {
            if let Some(value) = self.current.next() {
                return Some(value);
            }
            // Replacing the exhausted chunk frees it.
            self.current = self.chunks.next()?.1.into_iter();
        }
    }
}
