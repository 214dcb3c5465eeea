/* Filters for the claim list on index.html.
   Without JavaScript the form stays hidden and every claim is listed, grouped by status.
   Each claim <li> carries data-status, data-kind, data-topics (space-separated) and
   data-claimant; a group <section data-group> holds the claims of one status. */
(function () {
  "use strict";
  var form = document.getElementById("filters");
  var root = document.getElementById("all-claims");
  if (!form || !root || !document.querySelectorAll) {
    return;
  }
  var result = document.getElementById("filter-result");
  var empty = document.getElementById("filter-empty");
  var items = Array.prototype.slice.call(root.querySelectorAll("li[data-status]"));
  var groups = Array.prototype.slice.call(root.querySelectorAll("[data-group]"));
  // Lower-cased text once, not on every keystroke: lists can hold thousands of claims.
  var texts = items.map(function (li) {
    var link = li.querySelector(".statement");
    return (link ? link.textContent : li.textContent).toLowerCase();
  });

  function checkedValues(name) {
    var boxes = form.querySelectorAll('input[name="' + name + '"]:checked');
    if (!boxes.length) {
      return null;
    }
    var values = {};
    for (var i = 0; i < boxes.length; i++) {
      values[boxes[i].value] = true;
    }
    return values;
  }

  function apply() {
    var statuses = checkedValues("status");
    var kinds = checkedValues("kind");
    var topic = form.elements.topic.value;
    var claimant = form.elements.claimant.value;
    var words = form.elements.q.value.trim().toLowerCase();
    var counts = {};
    var shown = 0;
    for (var i = 0; i < items.length; i++) {
      var d = items[i].dataset;
      var show =
        (!statuses || statuses[d.status] === true) &&
        (!kinds || kinds[d.kind] === true) &&
        (!topic || (" " + d.topics + " ").indexOf(" " + topic + " ") !== -1) &&
        (!claimant || d.claimant === claimant) &&
        (!words || texts[i].indexOf(words) !== -1);
      items[i].hidden = !show;
      if (show) {
        shown++;
        counts[d.status] = (counts[d.status] || 0) + 1;
      }
    }
    groups.forEach(function (group) {
      var n = counts[group.getAttribute("data-group")] || 0;
      group.hidden = n === 0;
      var count = group.querySelector(".group-count");
      if (count) {
        count.textContent = String(n);
      }
    });
    if (empty) {
      empty.hidden = shown !== 0;
    }
    // The sentences come from the page, in its language: {shown} and {total} are filled in.
    var sentence =
      shown === items.length
        ? result.getAttribute("data-all") || "Showing all {total} claims."
        : result.getAttribute("data-some") || "Showing {shown} of {total} claims.";
    result.textContent = sentence
      .replace("{shown}", String(shown))
      .replace("{total}", String(items.length));
  }

  form.hidden = false;
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    apply();
  });
  form.addEventListener("reset", function () {
    // The reset event fires before the fields are cleared.
    window.setTimeout(apply, 0);
  });
  apply();
})();
