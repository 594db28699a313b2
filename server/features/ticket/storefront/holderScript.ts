/**
 * The storefront's one script, a progressive enhancement: as a ticket's quantity changes, it adds or removes the
 * inputs for the names on the tickets, built like those the server renders (storefrontPage.ts: a `.holder` row per
 * ticket in the `[data-holders]` box of the quantity `data-for`, named `data-name` and the ticket's number). Without
 * it the form still works: the server shows it again asking for the names of the quantities chosen.
 */
export const HOLDER_SCRIPT = `(function () {
  var boxes = document.querySelectorAll('[data-holders]');
  Array.prototype.forEach.call(boxes, function (box) {
    var quantity = document.getElementById(box.getAttribute('data-for'));
    if (!quantity) return;
    function row(number) {
      var id = box.getAttribute('data-for') + '-h' + number;
      var wrap = document.createElement('div');
      wrap.className = 'holder';
      var label = document.createElement('label');
      label.htmlFor = id;
      label.textContent = box.getAttribute('data-label').replace('{{number}}', String(number));
      var input = document.createElement('input');
      input.type = 'text';
      input.id = id;
      input.name = box.getAttribute('data-name') + number;
      input.required = true;
      input.maxLength = Number(box.getAttribute('data-max'));
      input.autocomplete = 'name';
      wrap.appendChild(label);
      wrap.appendChild(input);
      return wrap;
    }
    function sync() {
      var wanted = Math.min(Math.max(parseInt(quantity.value, 10) || 0, 0), Number(quantity.max) || 0);
      var rows = box.querySelectorAll('.holder');
      for (var added = rows.length; added < wanted; added++) box.appendChild(row(added + 1));
      for (var removed = rows.length - 1; removed >= wanted; removed--) box.removeChild(rows[removed]);
    }
    quantity.addEventListener('input', sync);
    sync();
  });
})();`;
