// The widgets' sliders, drawn from their saved state by the widget manager, give their
// handle (role="slider") no accessible name (WCAG 4.1.2): name each handle after its
// slider's label. The widgets are drawn after the page has loaded, hence the observer.
(function () {
    "use strict";

    function nameSliderHandles() {
        document.querySelectorAll(".widget-slider .noUi-handle:not([aria-label])").forEach(
            function (handle) {
                var label = handle.closest(".widget-slider").querySelector(".widget-label");
                var text = label ? label.textContent.trim() : "";
                handle.setAttribute("aria-label", text || "slider");
            });
    }

    var widgetState = 'script[type="application/vnd.jupyter.widget-state+json"]';
    if (document.querySelector(widgetState)) {
        new MutationObserver(nameSliderHandles).observe(document.documentElement,
                                                        {childList: true, subtree: true});
    }
})();
