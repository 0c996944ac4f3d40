//! The page's end of the app's Web Worker ([`crate::worker`]): a worker started for
//! a piece of work and terminated when that work is no longer wanted (dropping the
//! link ends it at once, mid-search). Jobs and answers travel as JSON text.
//!
//! The worker script (Trunk's `worker.js`, in the classic form) is started through a
//! small loader made in a blob, which imports it and starts its wasm; the worker says
//! it is ready (a `null` message) before it reads any job, so jobs sent earlier wait
//! here.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use crate::worker::WORKER;

/// The listener of the worker's messages.
type Listener = Closure<dyn FnMut(web_sys::MessageEvent)>;

struct Inner {
    worker: web_sys::Worker,
    /// The loader's blob address, let go of once the worker is ready or ended (a
    /// game between computers starts hundreds of workers).
    loader: String,
    /// Jobs waiting for the worker to be ready (`None` once it is).
    waiting: RefCell<Option<Vec<String>>>,
    on_message: RefCell<Option<Listener>>,
}

/// A running worker, ended when dropped.
pub struct WorkerLink {
    inner: Rc<Inner>,
}

/// The loader script's address: a blob importing the worker's script and starting
/// its wasm (both beside the page).
fn loader() -> Option<String> {
    let base = web_sys::window()?.location().href().ok()?;
    let script = web_sys::Url::new_with_base(WORKER, &base).ok()?.href();
    let wasm = script.replace(".js", "_bg.wasm");
    let parts = js_sys::Array::of1(&JsValue::from_str(&format!(
        "importScripts(\"{script}\");wasm_bindgen(\"{wasm}\");"
    )));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}

impl WorkerLink {
    /// Starts a worker whose answers go to `answer`; `None` when the browser
    /// refuses (the caller's watchdog then says so). `A` is the kind of answers the
    /// caller reads ([`crate::worker::Answer`] for all of them, or a narrower enum
    /// of the same shape, whose reading costs the wasm less); others are dropped.
    pub fn start<A: serde::de::DeserializeOwned + 'static>(
        answer: impl Fn(A) + 'static,
    ) -> Option<WorkerLink> {
        let url = loader()?;
        let Ok(worker) = web_sys::Worker::new(&url) else {
            let _ = web_sys::Url::revoke_object_url(&url);
            return None;
        };
        let inner = Rc::new(Inner {
            worker,
            loader: url,
            waiting: RefCell::new(Some(Vec::new())),
            on_message: RefCell::new(None),
        });
        let weak: Weak<Inner> = Rc::downgrade(&inner);
        let on_message =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                let Some(inner) = weak.upgrade() else { return };
                match e.data().as_string() {
                    Some(text) => {
                        if let Ok(a) = serde_json::from_str::<A>(&text) {
                            answer(a);
                        }
                    }
                    None => {
                        let _ = web_sys::Url::revoke_object_url(&inner.loader);
                        // Ready: the jobs sent meanwhile go now.
                        let waiting = inner.waiting.borrow_mut().take();
                        for job in waiting.into_iter().flatten() {
                            let _ = inner.worker.post_message(&JsValue::from_str(&job));
                        }
                    }
                }
            });
        inner
            .worker
            .set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        *inner.on_message.borrow_mut() = Some(on_message);
        Some(WorkerLink { inner })
    }

    /// Sends a job (kept until the worker is ready): a [`crate::worker::Job`], or a
    /// narrower type written the same way.
    pub fn send(&self, job: &impl serde::Serialize) {
        let Ok(text) = serde_json::to_string(job) else {
            return;
        };
        match self.inner.waiting.borrow_mut().as_mut() {
            Some(waiting) => waiting.push(text),
            None => {
                let _ = self.inner.worker.post_message(&JsValue::from_str(&text));
            }
        }
    }
}

impl Drop for WorkerLink {
    fn drop(&mut self) {
        self.inner.worker.set_onmessage(None);
        self.inner.worker.terminate();
        let _ = web_sys::Url::revoke_object_url(&self.inner.loader);
        // The link may be dropped from its own listener (an answer that ends the
        // search): the listener is let go of once it has returned, not while it runs.
        let listener = self.inner.on_message.borrow_mut().take();
        gloo::timers::callback::Timeout::new(0, move || drop(listener)).forget();
    }
}
